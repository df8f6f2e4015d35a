// A person whose address is a contract's billing e-mail: the look-up finds them by it, the
// export names the contract and says why it is kept, and the erasure takes the address off
// the contract (it can no longer sign in to /konto) while the contract stays, waiting for
// the team to set a new billing address. An attack found the address still signing in
// after an erasure, and an export that never mentioned the contract.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_KEPT } from '../../widgets/core/privacy.ts';
import type { PersonErased, PersonFound } from '../admin-shared/admin-api.ts';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { askLink, db, mailsTo, signContract } from '../../tests/worker/portal-helpers.ts';

const EMAIL = 'ksiegowosc@firma-e.pl';
let owner = '';

beforeAll(async () => {
  owner = await login('203.0.113.71', 'Właściciel');
  await signContract(EMAIL, 'Firma E sp. z o.o.', [{ serial: 'PE-BILL-0001', deviceId: 'km-227', level: 'basic' }]);
});

const path = (email: string, rest = '') => `/api/admin/privacy/${encodeURIComponent(email)}${rest}`;
const contractRow = () =>
  db()
    .prepare("SELECT c.id, c.number, c.billing_email FROM contracts c WHERE c.company = 'Firma E sp. z o.o.'")
    .first<{ id: string; number: string; billing_email: string | null }>();
const signInMails = async (email: string) => (await mailsTo(email)).filter((m) => m.about === 'portal').length;

describe("a person who is a contract's billing e-mail", () => {
  it('is found by it, and the export names the contract and why it is kept', async () => {
    const found = (await (await read(path(EMAIL.toUpperCase()), owner)).json()) as PersonFound;
    expect(found.empty).toBe(false);
    expect(found.counts.contracts).toBe(1);
    const res = await read(path(EMAIL, '/export'), owner);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { contracts: Record<string, unknown>[] };
    const contract = await contractRow();
    expect(data.contracts).toEqual([
      expect.objectContaining({
        number: contract?.number,
        company: 'Firma E sp. z o.o.',
        billingEmail: EMAIL,
        keptAfterErasure: CONTRACT_KEPT,
      }),
    ]);
  });

  it('erased: the contract stays without the address, which can no longer sign in, until the team sets a new one', async () => {
    expect((await askLink(EMAIL, '198.51.100.95')).status).toBe(202);
    expect(await signInMails(EMAIL)).toBe(1);
    const contract = await contractRow();

    const res = await request(path(EMAIL), {
      method: 'DELETE',
      headers: { Cookie: owner, Origin: 'http://kserowo.test' },
    });
    expect(res.status).toBe(200);
    const erased = (await res.json()) as PersonErased;
    expect(erased.erased.contracts).toBe(1);
    // The answer names the contracts that now need a billing address from the team.
    expect(erased.contractsWithoutBillingEmail).toEqual([contract?.number]);
    expect(await contractRow()).toMatchObject({ number: contract?.number, billing_email: null });

    // The erased address asks for a sign-in link: the same answer, and no e-mail.
    expect((await askLink(EMAIL, '198.51.100.96')).status).toBe(202);
    expect(await signInMails(EMAIL)).toBe(0);
    const after = (await (await read(path(EMAIL), owner)).json()) as PersonFound;
    expect(after.counts.contracts).toBe(0);

    // The team sets the new billing address: it signs in from now on, and the change is in the history.
    const set = await write(
      `/api/admin/contracts/${contract?.id}/billing-email`,
      { billingEmail: 'Faktury@Firma-E.pl' },
      { cookie: owner },
    );
    expect(set.status, await set.clone().text()).toBe(200);
    expect(await contractRow()).toMatchObject({ billing_email: 'faktury@firma-e.pl' });
    expect((await askLink('faktury@firma-e.pl', '198.51.100.97')).status).toBe(202);
    expect(await signInMails('faktury@firma-e.pl')).toBe(1);
    const audit = await db()
      .prepare("SELECT action, target, details FROM audit_log WHERE action = 'contracts.billing-email'")
      .first<{ action: string; target: string; details: string }>();
    expect(audit).toMatchObject({ target: contract?.id });
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ contract: contract?.number, to: 'faktury@firma-e.pl' });
  });

  it('refuses a billing address mail cannot reach, in Polish, and an unknown contract', async () => {
    const contract = await contractRow();
    const bad = await write(
      `/api/admin/contracts/${contract?.id}/billing-email`,
      { billingEmail: 'a@b..pl' },
      { cookie: owner },
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/e-?mail/i);
    const unknown = await write(
      '/api/admin/contracts/nie-ma/billing-email',
      { billingEmail: 'a@b.pl' },
      { cookie: owner },
    );
    expect(unknown.status).toBe(404);
  });
});
