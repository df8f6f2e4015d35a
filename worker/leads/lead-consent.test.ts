// Privacy duties of every form: the optional marketing consent of the contact
// form is validated, stored with the lead (migration 0045), part of the replay check, in
// the sales e-mail and in the admin's lead list and detail; a quote's consent shows there too.
import { describe, expect, it } from 'vitest';
import { CONSENT_ERROR } from '../../widgets/core/errors.ts';
import { login, read, request, testEnv } from '../../tests/worker/admin-helpers.ts';

const send = (path: string, body: Record<string, unknown>) =>
  request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://kserowo.pl' },
    body: JSON.stringify(body),
  });

const contact = (extra: Record<string, unknown> = {}) =>
  send('/api/send-contact-email', {
    name: 'Anna Zgodna',
    email: 'anna@zgoda.pl',
    submissionId: crypto.randomUUID(),
    ...extra,
  });

async function stored(res: Response): Promise<{ id: string; consent: number | undefined }> {
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  const row = await testEnv.DB.prepare('SELECT marketing_consent FROM leads WHERE id = ?')
    .bind(id)
    .first<{ marketing_consent: number }>();
  return { id, consent: row?.marketing_consent };
}

interface AdminLead {
  id: string;
  marketingConsent: boolean;
}

async function admin(id: string, cookie: string) {
  const list = (await (await read('/api/admin/leads?limit=500', cookie)).json()) as { leads: AdminLead[] };
  const detail = (await (await read(`/api/admin/leads/${id}`, cookie)).json()) as {
    lead: AdminLead;
    notifications: { body: string }[];
  };
  return {
    inList: list.leads.find((l) => l.id === id)?.marketingConsent,
    inDetail: detail.lead.marketingConsent,
    mail: detail.notifications[0]?.body ?? '',
  };
}

describe('the marketing consent of the contact form', () => {
  it('is stored as given (true, false, missing = not given) and shown in the admin list, detail and sales e-mail', async () => {
    const cookie = await login('203.0.113.71');
    const given = await stored(await contact({ marketingConsent: true }));
    const refused = await stored(await contact({ marketingConsent: false }));
    const missing = await stored(await contact());
    expect([given.consent, refused.consent, missing.consent]).toEqual([1, 0, 0]);

    expect(await admin(given.id, cookie)).toMatchObject({ inList: true, inDetail: true });
    expect((await admin(given.id, cookie)).mail).toContain('Zgoda marketingowa: tak');
    for (const { id } of [refused, missing]) {
      const seen = await admin(id, cookie);
      expect(seen).toMatchObject({ inList: false, inDetail: false });
      expect(seen.mail).toContain('Zgoda marketingowa: nie');
    }
  });

  for (const wrong of ['tak', 1, null, {}]) {
    it(`refuses ${JSON.stringify(wrong)} with 400 and the Polish reason, storing nothing`, async () => {
      const before = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<{ n: number }>();
      const res = await contact({ marketingConsent: wrong });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: CONSENT_ERROR, field: 'marketingConsent' });
      expect(CONSENT_ERROR).toBe('Nieprawidłowa wartość zgody marketingowej.');
      const after = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<{ n: number }>();
      expect(after?.n).toBe(before?.n);
    });
  }

  it('is part of the replay check: the same submission with the other answer is refused (409)', async () => {
    const submissionId = crypto.randomUUID();
    const first = await stored(await contact({ submissionId, marketingConsent: false }));
    const again = await contact({ submissionId, marketingConsent: false });
    expect(((await again.json()) as { id: string }).id).toBe(first.id);
    expect((await contact({ submissionId, marketingConsent: true })).status).toBe(409);
    expect(first.consent).toBe(0);
  });
});

describe('the leads CSV', () => {
  it("has the marketing consent of each lead in a 'Zgoda marketingowa' column", async () => {
    const cookie = await login('203.0.113.72');
    const given = await stored(await contact({ marketingConsent: true, email: 'csv-tak@zgoda.pl' }));
    const refused = await stored(await contact({ marketingConsent: false, email: 'csv-nie@zgoda.pl' }));
    const text = await (await read('/api/admin/leads.csv', cookie)).text();
    const [header = '', ...rows] = text.replace(/^\uFEFF/, '').split('\r\n');
    const column = header.split(';').indexOf('"Zgoda marketingowa"');
    expect(column).toBeGreaterThan(0);
    const consentOf = (id: string) => rows.find((r) => r.includes(`"${id}"`))?.split(';')[column];
    expect(consentOf(given.id)).toBe('"tak"');
    expect(consentOf(refused.id)).toBe('"nie"');
  });
});

describe("a quote's marketing consent", () => {
  it('shows in the admin lead list and detail as sent', async () => {
    const cookie = await login('203.0.113.72');
    const res = await send('/api/quotes', {
      deviceId: 'km-c3320i',
      level: 'basic',
      term: 24,
      paper: false,
      contact: { name: 'Olga Wycena', email: 'olga@wycena.pl', marketingConsent: true },
      submissionId: crypto.randomUUID(),
    });
    expect(res.status).toBe(201);
    const lead = await testEnv.DB.prepare('SELECT id FROM leads WHERE email = ?')
      .bind('olga@wycena.pl')
      .first<{ id: string }>();
    expect(await admin(lead!.id, cookie)).toMatchObject({ inList: true, inDetail: true });
  });
});
