// The impostor's whole path: a stranger orders for the Ministry of
// Finance's NIP with their own e-mail, signs with the code from their own mailbox and pays
// 1,00 zł from their own account. That transfer verifies nothing and the waiting line does
// not invite a verification by hand; the sales and service accounts cannot verify by hand;
// the owner verifies only with what was checked (a named document, or a call to a number from
// a register, not the order's own), and the one who verified cannot also install: no single
// account turns the stranger's order into a contract.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { INSTALLATION_ERRORS, VERIFY_ERRORS } from './order-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { ORIGIN, login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { accept, placeOrder } from '../../tests/worker/order-helpers.ts';
import { bookedDays } from './model.ts';

const testEnv = env as unknown as Env;

/** A one-line MT940 statement: 1,00 zł from the stranger's own account, titled as the page asks. */
const strangersTransfer = (quoteNumber: string) =>
  [
    ':20:ST261202CYC/1',
    ':25:PL97114020040000320201355387',
    ':28C:946/1',
    ':60F:C261201PLN10000,00',
    ':61:2612021202C1,00S05126120200004601//26120200004601',
    ':86:051^00PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY^34000^3010201026',
    '^310000042270201111^38PL60102010260000042270201111',
    `^20Weryfikacja ${quoteNumber}^32JAN OBCY^33UL. POLNA 3`,
    '^6276-200 SŁUPSK',
    ':62F:C261202PLN10001,00',
    '-',
  ].join('\r\n');

async function upload(text: string, cookie: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new File([text], 'wyciag.sta', { type: 'application/octet-stream' }));
  return request('/api/admin/bank-statements', {
    method: 'POST',
    headers: { Cookie: cookie, Origin: ORIGIN },
    body: form,
  });
}

const contractsOf = (orderId: string) =>
  testEnv.DB.prepare('SELECT COUNT(*) AS n FROM contracts WHERE order_ref = ?').bind(orderId).first<{ n: number }>();

describe('the impostor: a stranger’s order for the Ministry of Finance', { timeout: 60_000 }, () => {
  it('cannot become a contract by a transfer from an unlisted account, nor by one account verifying and installing', async () => {
    const stranger = 'obcy@example.pl';
    const { quote, order, code } = await placeOrder({ signerEmail: stranger, signerPhone: '+48 59 123 45 67' });
    expect((await accept(order.id, code)).status).toBe(200);
    const owner = await login();

    // 1,00 zł from the stranger's own account: verifies nothing, and the line does not invite a hand verification.
    const imported = await upload(strangersTransfer(quote.number), owner);
    expect(imported.status).toBe(201);
    const waiting = (await (await read('/api/admin/bank-statements/lines', owner)).json()) as {
      lines: { title: string; note: string }[];
    };
    const line = waiting.lines.find((l) => l.title === `Weryfikacja ${quote.number}`);
    expect(line?.note).toContain('nie zostało zweryfikowane');
    expect(line?.note).not.toMatch(/zweryfikuj ją ręcznie/);
    expect(line?.note).toContain('nie weryfikuj na jego podstawie');

    // Neither the service nor the sales account verifies by hand, whatever the note.
    const protocol = { installedOn: warsawToday(), serial: 'IMP-0000001', mono: 10, color: 5 };
    const service = await personWithSession('service');
    const sales = await personWithSession('sales');
    const path = `/api/admin/orders/${order.id}/verify`;
    for (const { cookie } of [service, sales]) {
      const res = await write(path, { note: 'Sprawdzone, OK!', check: 'document', document: 'odpis KRS' }, { cookie });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/tylko właściciel/);
    }
    // Nor installs before the verification.
    const early = await write(`/api/admin/orders/${order.id}/installation`, protocol, { cookie: service.cookie });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: INSTALLATION_ERRORS.notVerified });

    // The owner must say what was checked: a note alone, a blank document, the order's own phone are refused.
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ note: 'Sprawdzone, OK!' }, VERIFY_ERRORS.check, 'check'],
      [{ note: 'Sprawdzone, OK!', check: 'document', document: '' }, VERIFY_ERRORS.document, 'document'],
      [{ note: 'Sprawdzone, OK!', check: 'phone', phone: '', phoneSource: 'KRS' }, VERIFY_ERRORS.phone, 'phone'],
      [{ note: 'Sprawdzone, OK!', check: 'phone', phone: '22 694 55 55' }, VERIFY_ERRORS.phoneSource, 'phoneSource'],
      [
        { note: 'Sprawdzone, OK!', check: 'phone', phone: '22 694 55 55', phoneSource: 'Google' },
        VERIFY_ERRORS.phoneSource,
        'phoneSource',
      ],
      // The number the stranger typed into the order, spelt another way, is still the order's.
      [
        { note: 'Sprawdzone, OK!', check: 'phone', phone: '0048 591234567', phoneSource: 'KRS' },
        VERIFY_ERRORS.phoneOfOrder,
        'phone',
      ],
      [{ check: 'phone', phone: '22 694 55 55', phoneSource: 'KRS' }, VERIFY_ERRORS.note, 'note'],
    ];
    for (const [body, error, field] of refusals) {
      const res = await write(path, body, { cookie: owner });
      expect([res.status, await res.json()], JSON.stringify(body)).toEqual([400, { error, field }]);
    }
    expect(await testEnv.DB.prepare('SELECT verified_at FROM orders WHERE id = ?').bind(order.id).first()).toEqual({
      verified_at: null,
    });

    // A call to the Ministry's number from a register verifies it, stored with what was checked.
    const note = 'Sekretariat dyrektora generalnego potwierdził zamówienie i osobę podpisującą.';
    const verified = await write(
      path,
      { check: 'phone', phone: '22 694 55 55', phoneSource: 'BIP', note },
      { cookie: owner },
    );
    expect(verified.status).toBe(200);
    const row = await testEnv.DB.prepare('SELECT verified_check, verified_note FROM orders WHERE id = ?')
      .bind(order.id)
      .first<{ verified_check: string; verified_note: string }>();
    expect(JSON.parse(row?.verified_check ?? '')).toEqual({ kind: 'phone', phone: '22 694 55 55', source: 'BIP' });
    expect(row?.verified_note).toBe(note);
    const audit = await testEnv.DB.prepare(
      "SELECT details FROM audit_log WHERE action = 'orders.verify' ORDER BY id DESC LIMIT 1",
    ).first<{ details: string }>();
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ checked: 'telefon 22 694 55 55 (numer z BIP)', note });

    // The owner who verified cannot also record the installation: a second person does.
    const same = await write(`/api/admin/orders/${order.id}/installation`, protocol, { cookie: owner });
    expect(same.status).toBe(409);
    expect(await same.json()).toEqual({ error: INSTALLATION_ERRORS.samePerson });
    expect(await contractsOf(order.id)).toEqual({ n: 0 });
    const installed = await write(`/api/admin/orders/${order.id}/installation`, protocol, { cookie: service.cookie });
    expect(installed.status).toBe(201);
    expect(await contractsOf(order.id)).toEqual({ n: 1 });
  });

  it('is, until verified, an order waiting for the company’s transfer: not a contract on the page or in the e-mail, the lead not won, no day held', async () => {
    const stranger = 'obcy-strona@example.pl';
    const { quote, order, code } = await placeOrder({ signerEmail: stranger, city: 'Miastko' });
    const row = () =>
      testEnv.DB.prepare(
        'SELECT o.delivery_date AS day, l.status, l.stage FROM orders o JOIN leads l ON l.id = o.lead_id WHERE o.id = ?',
      )
        .bind(order.id)
        .first<{ day: string; status: string; stage: string }>();
    const day = (await row())?.day ?? '';
    const heldBefore = (await bookedDays(testEnv.DB, day))[day] ?? 0;
    const accepted = await accept(order.id, code);
    expect(accepted.status).toBe(200);
    // The answer the page's script shows: the chosen day, not yet held.
    expect(((await accepted.json()) as { delivery: string }).delivery).toContain(
      'Zarezerwujemy go po weryfikacji firmy',
    );

    // The page: an order waiting for the transfer, not "Umowa zawarta".
    const page = await (await request(`/zamowienie/${quote.id}`)).text();
    expect(page).not.toContain('Umowa zawarta');
    expect(page).toContain('Zamówienie podpisane – czekamy na przelew weryfikacyjny');
    expect(page).toContain('umowa najmu wejdzie w życie i umówimy dostawę dopiero po weryfikacji');
    // The e-mail to the signer and the sales team's notice say so too.
    const mails = await testEnv.DB.prepare(
      'SELECT recipient, subject, body FROM outbox WHERE lead_id = (SELECT lead_id FROM orders WHERE id = ?)',
    )
      .bind(order.id)
      .all<{ recipient: string; subject: string; body: string }>();
    const toSigner = mails.results.find((m) => m.recipient === stranger && !m.subject.startsWith('Kod akceptacji'));
    expect(toSigner?.subject).not.toMatch(/zawarcia umowy/);
    expect(toSigner?.subject).toMatch(/czeka na przelew weryfikacyjny/);
    expect(toSigner?.body).not.toContain('Treść zawartej umowy');
    expect(toSigner?.body).toContain('dopiero po weryfikacji');
    const toSales = mails.results.find((m) => m.subject.startsWith('Zamówienie online podpisane'));
    expect(toSales?.body).toContain('To jeszcze nie umowa z tą firmą');
    // The lead is not won; the day is not held.
    expect(await row()).toMatchObject({ status: 'new', stage: 'new' });
    expect((await bookedDays(testEnv.DB, day))[day] ?? 0).toBe(heldBefore);

    // The owner's verification makes it the company's contract: the lead won, the day held, the page says so.
    const owner = await login();
    const verified = await write(
      `/api/admin/orders/${order.id}/verify`,
      { check: 'document', document: 'odpis aktualny z KRS 0000012345', note: 'Zarząd potwierdził zamówienie.' },
      { cookie: owner },
    );
    expect(verified.status).toBe(200);
    expect(await row()).toMatchObject({ status: 'won', stage: 'won' });
    expect((await bookedDays(testEnv.DB, day))[day] ?? 0).toBe(heldBefore + 1);
    expect(await (await request(`/zamowienie/${quote.id}`)).text()).toContain('Umowa zawarta – dziękujemy!');
  });
});
