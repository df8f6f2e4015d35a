// The statement attacks of issue 46, through the real route (`POST /api/admin/bank-statements`):
// a payer's title that forges the bank's account sub-field verifies nothing; equal payments
// in two statements are both kept; parallel uploads of one file import it once; files that
// are no statement are refused in Polish with nothing stored. Statements are written here
// line by line (MT940 with balances that add up), in the layouts of mBank (`^`) and ING (`~`).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { StatementImport } from '../admin-shared/admin-api-payments.ts';
import { login } from '../../tests/worker/admin-helpers.ts';
import { mt940, upload } from '../../tests/worker/statement-helpers.ts';
import { accept, placeOrder } from '../../tests/worker/order-helpers.ts';

const testEnv = env as unknown as Env;
/** The account the register (its stand-in) lists for NIP 526-025-02-74. */
const MF = 'PL61109010140000071219812874';

const verificationOf = (orderId: string) =>
  testEnv.DB.prepare('SELECT verified_at, verified_line FROM orders WHERE id = ?')
    .bind(orderId)
    .first<{ verified_at: string | null; verified_line: number | null }>();

describe('a title that forges the payer’s account', () => {
  it('verifies no stranger’s order: ^38 and ~38 in the title, with or without the bank’s own account', async () => {
    // A stranger orders for NIP 526-025-02-74 and pays 1,00 zł from their own account
    // (PL60 1020 1026 …), writing the account the register lists for the NIP into the title.
    const placed = await placeOrder({ signerEmail: 'obcy-38@example.pl' });
    expect((await accept(placed.order.id, placed.code)).status).toBe(200);
    const q = placed.quote.number;
    const file = mt940('301/1', [
      // mBank's layout, the bank writing no account of its own: the title's ^38 is all there is.
      { amount: '1,00', ref: 'A1', details: `051^00PRZELEW ZEWNĘTRZNY^20Weryfikacja ${q}^38${MF}^32JAN OBCY` },
      // mBank's layout with the stranger's account written by the bank (30/31) before the title.
      {
        amount: '1,00',
        ref: 'A2',
        details: `051^00PRZELEW ZEWNĘTRZNY^3010201026^310000042270201111^20Weryfikacja ${q}^38${MF}^32JAN OBCY`,
      },
      // ING's layout (~): the forged sub-field inside the title, the rest of the title after it.
      { amount: '1,00', ref: 'A3', details: `020~00VE02~20Weryfikacja ${q}~38${MF}~21~22~23~24~25~32JAN OBCY` },
    ]);
    const res = await upload(file, await login());
    expect(res.status).toBe(201);
    const body = (await res.json()) as StatementImport;
    expect(body).toMatchObject({ lines: 3, matched: 0, unmatched: 3 });
    // No line carries the forged account as the payer's.
    expect(body.results.map((l) => l.payerAccount)).toEqual([null, null, null]);
    for (const l of body.results) expect(l.note).toContain('nie zostało zweryfikowane');
    expect(await verificationOf(placed.order.id)).toEqual({ verified_at: null, verified_line: null });
    const told = await testEnv.DB.prepare(
      "SELECT count(*) AS n FROM outbox WHERE recipient = 'obcy-38@example.pl' AND subject LIKE '%zweryfikowane'",
    ).first<{ n: number }>();
    expect(told?.n).toBe(0);
  });

  it('still verifies by the account the bank writes before the title', async () => {
    const placed = await placeOrder({ signerEmail: 'wlasciciel-38@example.pl' });
    expect((await accept(placed.order.id, placed.code)).status).toBe(200);
    const file = mt940('302/1', [
      {
        amount: '1,00',
        ref: 'B1',
        details: `051^00PRZELEW ZEWNĘTRZNY^3010901014^310000071219812874^38${MF}^20Weryfikacja ${placed.quote.number}^32MF`,
      },
    ]);
    const body = (await (await upload(file, await login())).json()) as StatementImport;
    expect(body.results.map((l) => [l.match, l.payerAccount])).toEqual([['verification', MF]]);
    expect((await verificationOf(placed.order.id))?.verified_at).toEqual(expect.any(String));
  });
});
