import { beforeAll, describe, expect, it } from 'vitest';
import { csvField } from '../http/csv.ts';
import { login, read, request, subscribeWebhooks, testEnv, write } from '../../tests/worker/admin-helpers.ts';
import { company } from '../../widgets/core/company.ts';

const XSS = '<img src=x onerror=alert(1)>';
const FORMULA = '=HYPERLINK("http://zlo.example","Kliknij")';

/** Submits a contact message as the contact form does; returns the lead id. */
async function contact(body: Record<string, unknown>): Promise<string> {
  const res = await request('/api/send-contact-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://kserowo.pl' },
    body: JSON.stringify({ submissionId: crypto.randomUUID(), ...body }),
  });
  if (res.status !== 200) throw new Error(`contact: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

interface ApiLead {
  id: string;
  kind: string;
  status: string;
  name: string;
  email: string;
  message: string | null;
  notes: string;
  attribution: Record<string, string>;
  emailState?: string | null;
}

let cookie = '';
let hostile = '';
let plain = '';
let partnerLead = '';

beforeAll(async () => {
  cookie = await login();
  await subscribeWebhooks(cookie, ['lead.created']);
  hostile = await contact({
    name: XSS,
    email: 'atak@firma.pl',
    message: FORMULA,
    attribution: {
      page: '/kontakt',
      origin: 'https://kserowo.pl',
      referrer: '',
      utm_source: 'google',
      utm_campaign: 'jesien',
    },
  });
  plain = await contact({
    name: 'Jan Kowalski',
    email: 'jan@drukarnia.pl',
    phone: '600100200',
    message: 'Proszę o kontakt',
  });
  partnerLead = await contact({
    name: 'Ewa Partnerska',
    email: 'ewa@biuro.pl',
    attribution: {
      page: '/oferta',
      origin: 'https://drukarnia-abc.pl',
      referrer: '',
      utm_source: 'abc',
      utm_medium: 'referral',
      utm_campaign: 'wiosna',
      partner: 'drukarnia-abc',
    },
  });
});

const list = async (query = '') => {
  const res = await read(`/api/admin/leads${query}`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as { leads: ApiLead[]; next: string | null };
};

describe('the leads inbox', () => {
  it('lists contact messages newest first, with the delivery state of their email', async () => {
    const { leads, next } = await list();
    expect(next).toBeNull();
    expect(leads.map((l) => l.id)).toEqual([partnerLead, plain, hostile]);
    expect(leads[0]).toMatchObject({ kind: 'contact', status: 'new', name: 'Ewa Partnerska' });
    expect(leads[0]?.emailState).toMatch(/pending|sending|sent|failed/);
  });

  it('filters by kind, status, utm_source, utm_campaign, partner, dates and search', async () => {
    expect((await list('?utm_source=google')).leads.map((l) => l.id)).toEqual([hostile]);
    expect((await list('?utm_campaign=wiosna')).leads.map((l) => l.id)).toEqual([partnerLead]);
    expect((await list('?partner=drukarnia-abc')).leads.map((l) => l.id)).toEqual([partnerLead]);
    expect((await list('?q=DRUKARNIA')).leads.map((l) => l.id)).toEqual([plain]);
    expect((await list('?q=%25')).leads).toHaveLength(0);
    expect((await list('?kind=quote')).leads).toHaveLength(0);
    expect((await list('?kind=contact&status=nowy')).leads).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).leads).toHaveLength(3);
    expect((await list('?to=2020-01-01')).leads).toHaveLength(0);
  });

  it('pages with a cursor, newest first, and says when there is more', async () => {
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = await list(`?kind=contact&limit=1${after ? `&after=${after}` : ''}`);
      seen.push(...page.leads.map((l) => l.id));
      if (!page.next) break;
      after = page.next;
    }
    expect(seen).toEqual([partnerLead, plain, hostile]);
    for (const query of ['?after=nie-kursor', '?limit=0', '?limit=dużo']) {
      const res = await read(`/api/admin/leads${query}`, cookie);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({
        error: 'Nieprawidłowa strona listy (parametr after lub limit). Odśwież listę.',
      });
    }
  });

  it('refuses a malformed filter with a Polish message', async () => {
    for (const query of ['?from=wczoraj', '?status=zamkniety', '?kind=spam']) {
      const res = await read(`/api/admin/leads${query}`, cookie);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/Nieprawidłow/);
    }
  });

  it("shows a lead's detail with everything stored: attribution, origin and its email", async () => {
    const res = await read(`/api/admin/leads/${partnerLead}`, cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      lead: ApiLead & { origin: string };
      notifications: { recipient: string; body: string; state: string }[];
    };
    expect(body.lead.attribution).toEqual({
      page: '/oferta',
      origin: 'https://drukarnia-abc.pl',
      referrer: '',
      utm_source: 'abc',
      utm_medium: 'referral',
      utm_campaign: 'wiosna',
      partner: 'drukarnia-abc',
    });
    expect(body.lead.origin).toBe('https://kserowo.pl');
    expect(body.notifications).toHaveLength(1);
    expect(body.notifications[0]?.recipient).toBe(company.salesEmail);
    expect(body.notifications[0]?.body).toContain('Ewa Partnerska');
    expect((await read('/api/admin/leads/nie-ma-takiego', cookie)).status).toBe(404);
  });

  it('keeps hostile text exactly as typed (the panel shows it as text)', async () => {
    const { lead } = (await (await read(`/api/admin/leads/${hostile}`, cookie)).json()) as { lead: ApiLead };
    expect(lead.name).toBe(XSS);
    expect(lead.message).toBe(FORMULA);
  });

  describe('changing a lead', () => {
    it('sets the status and the internal notes', async () => {
      const res = await write(
        `/api/admin/leads/${plain}`,
        { status: 'contacted', notes: 'Dzwonić po 14.' },
        { cookie, method: 'PATCH' },
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as { lead: ApiLead }).lead).toMatchObject({
        status: 'contacted',
        notes: 'Dzwonić po 14.',
      });
      expect((await list('?status=contacted')).leads.map((l) => l.id)).toEqual([plain]);
      // For one release the filter also takes the Polish word it took before the keys.
      expect((await list('?status=w kontakcie')).leads.map((l) => l.id)).toEqual([plain]);
    });

    it('refuses an unknown status with a Polish message', async () => {
      const res = await write(`/api/admin/leads/${plain}`, { status: 'zamknięty' }, { cookie, method: 'PATCH' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/Nieprawidłowy status/);
    });
  });

  describe('the CSV export', () => {
    it('opens in Polish Excel: UTF-8 with BOM, `;` between quoted fields, CRLF, the filter applied', async () => {
      const res = await read('/api/admin/leads.csv?utm_source=google', cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leady-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes.slice(3));
      const lines = text.split('\r\n');
      expect(lines[0]).toMatch(
        /^"Data \(czas warszawski\)";"Rodzaj";"Etap";"Powód przegranej";"Status";"Prowadzi";"Pierwsza odpowiedź/,
      );
      expect(lines).toHaveLength(3); // header, one lead, the final line end
      expect(lines[1]).toContain(`"${XSS}"`);
    });

    it('neutralises formulas: `=HYPERLINK(...)` becomes text with a leading apostrophe', async () => {
      const text = await (await read('/api/admin/leads.csv?utm_source=google', cookie)).text();
      expect(text).toContain(`"'=HYPERLINK(""http://zlo.example"",""Kliknij"")"`);
      expect(text).not.toMatch(/(^|;)"=/m);
      for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`);
      expect(csvField('Anna "Ania" Nowak')).toBe('"Anna ""Ania"" Nowak"');
    });

    it('holds every matching lead, over many pages of the stream, each once, newest first', async () => {
      // 1 234 leads of one campaign, one a minute: more than two pages of the stream.
      await testEnv.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1234)
         INSERT INTO leads (id, kind, submission_id, name, email, attribution, created_at)
         SELECT 'masowy-' || i, 'contact', 'masowy-' || i, 'Klient ' || i, 'k' || i || '@firma.pl',
           '{"utm_campaign":"masowa"}', strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes') FROM n`,
      ).run();
      try {
        const text = await (await read('/api/admin/leads.csv?utm_campaign=masowa', cookie)).text();
        const ids = text
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(';').at(-1)?.replace(/"/g, ''));
        expect(ids).toHaveLength(1234);
        expect(ids[0]).toBe('masowy-1234');
        expect(ids.at(-1)).toBe('masowy-1');
        expect(new Set(ids).size).toBe(1234);
      } finally {
        await testEnv.DB.prepare("DELETE FROM leads WHERE id LIKE 'masowy-%'").run();
      }
    });
  });

  describe('the outbox', () => {
    it("lists each notification with its state, attempts and last error, and 'Wyślij ponownie' puts a dead one back in line", async () => {
      await testEnv.DB.prepare(
        "UPDATE outbox SET state = 'dead', attempts = 6, last_error = 'SMTP 550' WHERE lead_id = ?",
      )
        .bind(plain)
        .run();
      const { notifications } = (await (await read('/api/admin/outbox?state=dead', cookie)).json()) as {
        notifications: {
          id: number;
          leadId: string;
          leadName: string;
          state: string;
          attempts: number;
          lastError: string;
        }[];
      };
      expect(notifications).toHaveLength(1);
      expect(notifications[0]).toMatchObject({
        leadId: plain,
        leadName: 'Jan Kowalski',
        state: 'dead',
        attempts: 6,
        lastError: 'SMTP 550',
      });
      const res = await write(`/api/admin/outbox/${notifications[0]!.id}/resend`, {}, { cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, queued: true });
      const state = await testEnv.DB.prepare('SELECT state FROM outbox WHERE id = ?')
        .bind(notifications[0]!.id)
        .first<{ state: string }>();
      expect(state?.state).not.toBe('dead');
    });

    it('does not resend a sent message', async () => {
      const row = await testEnv.DB.prepare("UPDATE outbox SET state = 'sent' WHERE lead_id = ? RETURNING id")
        .bind(partnerLead)
        .first<{ id: number }>();
      const res = await write(`/api/admin/outbox/${row!.id}/resend`, {}, { cookie });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toBe('Ta wiadomość została już wysłana.');
    });
  });

  describe('the numbers', () => {
    it('counts leads per week, source, campaign and partner', async () => {
      const res = await read('/api/admin/stats', cookie);
      expect(res.status).toBe(200);
      const stats = (await res.json()) as {
        perWeek: { week: string; contact: number; quote: number }[];
        bySource: { key: string; count: number }[];
        byCampaign: unknown[];
        byPartner: { key: string; count: number }[];
      };
      expect(stats.perWeek).toHaveLength(1);
      expect(stats.perWeek[0]).toMatchObject({ contact: 3, quote: 0 });
      expect(new Date(`${stats.perWeek[0]!.week}T12:00:00Z`).getUTCDay()).toBe(1); // weeks start on Monday
      expect(stats.bySource).toEqual(
        expect.arrayContaining([
          { key: 'google', count: 1 },
          { key: 'abc', count: 1 },
          { key: '(brak)', count: 1 },
        ]),
      );
      expect(stats.byPartner).toEqual([
        { key: '(brak)', count: 2 },
        { key: 'drukarnia-abc', count: 1 },
      ]);
    });
  });

  describe('deleting a lead (GDPR request)', () => {
    const eventsAbout = async (id: string) =>
      (
        await testEnv.DB.prepare(
          `SELECT COUNT(*) AS n FROM webhook_events
           WHERE json_extract(data, '$.id') = ?1 OR json_extract(data, '$.leadId') = ?1`,
        )
          .bind(id)
          .first<{ n: number }>()
      )?.n;

    it('removes the lead, its emails and its webhook events for good', async () => {
      // The lead.created event, written for the subscribed endpoint, carries the person's data.
      expect(await eventsAbout(hostile)).toBeGreaterThan(0);
      const res = await write(`/api/admin/leads/${hostile}`, undefined, { cookie, method: 'DELETE' });
      expect(res.status).toBe(200);
      expect(await eventsAbout(hostile)).toBe(0);
      expect((await read(`/api/admin/leads/${hostile}`, cookie)).status).toBe(404);
      const left = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM outbox WHERE lead_id = ?')
        .bind(hostile)
        .first<{ n: number }>();
      expect(left?.n).toBe(0);
      expect((await write(`/api/admin/leads/${hostile}`, undefined, { cookie, method: 'DELETE' })).status).toBe(404);
    });
  });
});
