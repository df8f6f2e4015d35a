import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../app.ts';
import { API_ERRORS, INTAKE_ERRORS } from '../http/errors.ts';
import { QUOTE_ERRORS } from '../../widgets/core/quote-validation.ts';
import { FIELD_ERRORS } from '../../widgets/core/validation.ts';
import { company } from '../../widgets/core/company.ts';
import { countingD1 } from '../../tests/worker/d1-counter.ts';

const request = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://kserowo.test${path}`, init);

const db = () => (env as unknown as Env).DB;

interface QuoteAnswer {
  ok: boolean;
  id: string;
  number: string;
  url: string;
  quote: {
    monthlyNet: number;
    monthlyGross: number;
    monthlyVat: number;
    estimatedNet: number;
    estimatedGross: number;
    deviceId: string;
    level: string;
  };
  error?: string;
}

const valid = (over: Record<string, unknown> = {}) => ({
  deviceId: 'km-c3320i',
  level: 'basic',
  term: 24,
  paper: false,
  volume: { mono: 1200, color: 200 },
  contact: {
    name: 'Anna Nowak',
    email: 'anna@firma.pl',
    company: 'Firma sp. z o.o.',
    nip: '123-456-32-18',
    city: 'Słupsk',
    marketingConsent: false,
  },
  submissionId: crypto.randomUUID(),
  attribution: {
    page: '/konfigurator?utm_source=partner',
    origin: 'https://partner.example',
    referrer: '',
    utm_source: 'partner',
    utm_campaign: 'device_selection',
    partner: 'drukarnia-abc',
  },
  ...over,
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  request('/api/quotes', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /api/quotes', () => {
  describe('with a valid configuration', () => {
    it('answers 201 with the secret id, the human number, the page url and the server-computed price', async () => {
      const res = await post(valid());
      expect(res.status).toBe(201);
      const body = (await res.json()) as QuoteAnswer;
      expect(body.ok).toBe(true);
      expect(body.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(body.number).toMatch(/^KS-\d{4}-\d{6}$/);
      expect(body.url).toBe(`http://kserowo.test/wycena/${body.id}`);
      // DESIGN §5: C3320i Basic at 1200 mono + 200 colour = 230.00 net, 282.90 gross; the fee 195 → 239.85.
      expect(body.quote).toMatchObject({
        deviceId: 'km-c3320i',
        level: 'basic',
        monthlyNet: 195,
        monthlyVat: 44.85,
        monthlyGross: 239.85,
        estimatedNet: 230,
        estimatedGross: 282.9,
      });
    });

    it('stores a lead of kind quote with the contact and attribution, and the quote with the configuration', async () => {
      const body = valid();
      const res = await post(body, { Origin: 'https://partner.example' });
      const { id } = (await res.json()) as QuoteAnswer;
      const row = await db()
        .prepare(
          'SELECT q.*, l.kind, l.name, l.email, l.company, l.attribution, l.origin, l.submission_id FROM quotes q JOIN leads l ON l.id = q.lead_id WHERE q.id = ?',
        )
        .bind(id)
        .first<Record<string, string | number>>();
      expect(row).toMatchObject({
        kind: 'quote',
        submission_id: body.submissionId,
        name: 'Anna Nowak',
        email: 'anna@firma.pl',
        company: 'Firma sp. z o.o.',
        origin: 'https://partner.example',
        device_id: 'km-c3320i',
        level: 'basic',
        term: '24',
        paper: 0,
        volume_mono: 1200,
        volume_color: 200,
        monthly_net: 195,
        nip: '1234563218',
        city: 'Słupsk',
        marketing_consent: 0,
      });
      expect(JSON.parse(String(row?.attribution))).toMatchObject({
        utm_source: 'partner',
        utm_campaign: 'device_selection',
        partner: 'drukarnia-abc',
      });
      const days = (Date.parse(String(row?.expires_at)) - Date.parse(String(row?.created_at))) / 86_400_000;
      expect(days).toBe(30);
    });

    it('queues one email to sales with the quote number, the configuration and the contact (user text only in the body)', async () => {
      const res = await post(
        valid({
          contact: {
            name: 'Anna <Nowak>',
            email: 'anna@firma.pl',
            message: 'Proszę o telefon.',
            marketingConsent: true,
          },
        }),
      );
      const answer = (await res.json()) as QuoteAnswer;
      const lead = await db()
        .prepare('SELECT lead_id FROM quotes WHERE id = ?')
        .bind(answer.id)
        .first<{ lead_id: string }>();
      const { results } = await db()
        .prepare('SELECT * FROM outbox WHERE lead_id = ?')
        .bind(lead?.lead_id)
        .all<Record<string, string>>();
      expect(results).toHaveLength(1);
      const mail = results[0]!;
      expect(mail.recipient).toBe(company.salesEmail);
      expect(mail.reply_to).toBe('anna@firma.pl');
      expect(mail.subject).toBe(`Nowa wycena ${answer.number}: Konica Minolta bizhub C3320i, Basic`);
      expect(mail.body).toContain(`Nowa wycena ${answer.number} z konfiguratora`);
      expect(mail.body).not.toContain('{{');
      expect(mail.body).toContain(answer.url);
      expect(mail.body).toContain('Cena miesięcznie: 195,00 zł netto / 239,85 zł brutto');
      expect(mail.body).toContain('Imię: Anna <Nowak>');
      expect(mail.body).toContain('Zgoda marketingowa: tak');
      expect(mail.body).toContain('Proszę o telefon.');
      expect(mail.body).toContain('UTM (source / medium / campaign): partner / — / device_selection');
    });

    it('numbers quotes one after another within the year', async () => {
      const a = (await (await post(valid())).json()) as QuoteAnswer;
      const b = (await (await post(valid())).json()) as QuoteAnswer;
      const seq = (n: string) => Number(n.slice(-6));
      expect(seq(b.number)).toBe(seq(a.number) + 1);
      expect(a.id).not.toBe(b.id);
    });

    it('stores a retried submission once and answers it with the same quote', async () => {
      const body = valid();
      const first = (await (await post(body)).json()) as QuoteAnswer;
      const again = await post(body);
      expect(again.status).toBe(201);
      const second = (await again.json()) as QuoteAnswer;
      expect(second.id).toBe(first.id);
      expect(second.number).toBe(first.number);
      const count = await db()
        .prepare(
          'SELECT COUNT(*) AS n FROM leads l JOIN quotes q ON q.lead_id = l.id JOIN outbox o ON o.lead_id = l.id WHERE l.submission_id = ?',
        )
        .bind(body.submissionId)
        .first<{ n: number }>();
      expect(count?.n).toBe(1);
    });

    it('accepts the shorter term on request and paper as an option', async () => {
      const res = await post(
        valid({ term: 'short', paper: true, deviceId: 'km-4052', level: 'premium', volume: undefined }),
      );
      expect(res.status).toBe(201);
      const body = (await res.json()) as QuoteAnswer;
      expect(body.quote).toMatchObject({ term: 'short', paper: true, monthlyNet: 239, monthlyGross: 293.97 });
    });
  });

  describe('with a tampered price', () => {
    it('ignores the browser price and stores the catalogue one', async () => {
      const res = await post(
        valid({
          deviceId: 'km-c258',
          level: 'business',
          volume: undefined,
          monthlyNet: 1,
          quote: { monthlyNet: 1, monthlyGross: 1.23 },
          price: 1,
        }),
      );
      expect(res.status).toBe(201);
      const body = (await res.json()) as QuoteAnswer;
      expect(body.quote.monthlyNet).toBe(335);
      expect(body.quote.monthlyGross).toBe(412.05);
      const row = await db()
        .prepare('SELECT monthly_net, monthly_gross FROM quotes WHERE id = ?')
        .bind(body.id)
        .first();
      expect(row).toEqual({ monthly_net: 335, monthly_gross: 412.05 });
    });
  });

  describe('with bad input', () => {
    const REFUSED_FIELD: Record<string, string> = {
      'an unknown device': 'deviceId',
      'a device id that is not text': 'deviceId',
      'an unknown level': 'level',
      'an unknown term': 'term',
      'no name': 'name',
      'no contact at all': 'name',
      'a contact that is not an object': 'contact',
      'a bad email': 'email',
      'two addresses': 'email',
      'letters in the phone': 'phone',
      'a NIP with a wrong checksum': 'nip',
      'a city with a line break': 'city',
      'a negative volume': 'mono',
      'a volume that is not an object': 'volume',
      'paper as text': 'paper',
      'a submission id that is not a UUID': 'submissionId',
      'a name too long': 'name',
    };
    it.each([
      ['an unknown device', { deviceId: 'km-9999' }, QUOTE_ERRORS.device],
      ['a device id that is not text', { deviceId: 42 }, QUOTE_ERRORS.device],
      ['an unknown level', { level: 'gold' }, QUOTE_ERRORS.level],
      ['an unknown term', { term: 12 }, QUOTE_ERRORS.term],
      ['no name', { contact: { name: '  ', email: 'anna@firma.pl' } }, FIELD_ERRORS.nameRequired],
      ['no contact at all', { contact: undefined }, FIELD_ERRORS.nameRequired],
      ['a contact that is not an object', { contact: 'Anna' }, QUOTE_ERRORS.contact],
      ['a bad email', { contact: { name: 'Anna', email: 'anna@firma' } }, FIELD_ERRORS.email],
      ['two addresses', { contact: { name: 'Anna', email: 'a@b.pl,c@d.pl' } }, FIELD_ERRORS.email],
      [
        'letters in the phone',
        { contact: { name: 'Anna', email: 'anna@firma.pl', phone: 'zadzwoń' } },
        FIELD_ERRORS.phone,
      ],
      [
        'a NIP with a wrong checksum',
        { contact: { name: 'Anna', email: 'anna@firma.pl', nip: '1234563219' } },
        QUOTE_ERRORS.nip,
      ],
      [
        'a city with a line break',
        { contact: { name: 'Anna', email: 'anna@firma.pl', city: 'Słupsk\nBcc: x' } },
        QUOTE_ERRORS.city,
      ],
      ['a negative volume', { volume: { mono: -5 } }, QUOTE_ERRORS.volume],
      ['a volume that is not an object', { volume: 'dużo' }, QUOTE_ERRORS.volume],
      ['paper as text', { paper: 'tak' }, QUOTE_ERRORS.paper],
      ['a submission id that is not a UUID', { submissionId: 'abc' }, FIELD_ERRORS.submissionId],
      ['a name too long', { contact: { name: 'x'.repeat(101), email: 'anna@firma.pl' } }, FIELD_ERRORS.nameLong],
    ])(
      'refuses %s with 400, a Polish message and the field it is about, storing nothing',
      async (label, over, message) => {
        const before = await db().prepare('SELECT COUNT(*) AS n FROM leads').first<{ n: number }>();
        const res = await post(valid(over));
        expect(res.status).toBe(400);
        // The field as the configurator names it: a contact field by its own key (`contact.email` → `email`).
        expect(await res.json()).toEqual({ error: message, field: REFUSED_FIELD[label] });
        const after = await db().prepare('SELECT COUNT(*) AS n FROM leads').first<{ n: number }>();
        expect(after?.n).toBe(before?.n);
      },
    );

    it('refuses a body that is not JSON with 415', async () => {
      const res = await request('/api/quotes', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'x',
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: INTAKE_ERRORS.notJson });
    });

    it('refuses broken JSON with 400', async () => {
      const res = await post('{"deviceId":');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: INTAKE_ERRORS.badJson });
    });

    it('refuses a body over 16 KB with 413', async () => {
      const res = await post(valid({ contact: { name: 'Anna', email: 'anna@firma.pl', message: 'x'.repeat(17_000) } }));
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: INTAKE_ERRORS.tooLarge });
    });

    it('answers a filled honeypot like a success without storing anything', async () => {
      const body = valid({ website: 'http://spam.example' });
      const res = await post(body);
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ ok: true, number: expect.stringMatching(/^KS-/) });
      const count = await db()
        .prepare('SELECT COUNT(*) AS n FROM leads WHERE submission_id = ?')
        .bind(body.submissionId)
        .first<{ n: number }>();
      expect(count?.n).toBe(0);
    });
  });

  describe('over the rate limit', () => {
    it('answers 429 to the 21st quote of one IP in a minute', async () => {
      const testEnv = env as unknown as Env & { LEAD_RATE_LIMIT_CONFIGURED: RateLimit };
      const limited = { ...testEnv, LEAD_RATE_LIMIT: testEnv.LEAD_RATE_LIMIT_CONFIGURED };
      const send = () =>
        app.fetch(
          new Request('http://kserowo.test/api/quotes', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.55' },
            body: JSON.stringify(valid()),
          }),
          limited,
          createExecutionContext(),
        );
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await send()).status);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
      expect(statuses[20]).toBe(429);
    });
  });

  describe('in D1 round trips', () => {
    const send = (database: D1Database, body: unknown) =>
      app.fetch(
        new Request('http://kserowo.test/api/quotes', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
        // As deployed: the isolate trusts the live catalogue it read for a while (wrangler.toml).
        { ...(env as unknown as Env), DB: database, LIVE_CATALOGUE_TTL_MS: '60000' },
        createExecutionContext(),
      );

    it('stores a quote and answers it in one batch, and a replay in one too', async () => {
      const counted = countingD1(db());
      // The isolate holds the live catalogue after a first quote (no D1 query per quote).
      expect((await send(counted.db, valid())).status).toBe(201);
      counted.log.length = 0;
      const body = valid();
      const res = await send(counted.db, body);
      expect(res.status).toBe(201);
      const first = (await res.json()) as QuoteAnswer;
      expect(first.number).toMatch(/^KS-\d{4}-\d{6}$/);

      const replay = await send(counted.db, body);
      expect(replay.status).toBe(201);
      expect(((await replay.json()) as QuoteAnswer).number).toBe(first.number);
      // Lead, e-mail, lead event (2), quote, its number in the e-mail, quote event (2), day and
      // response-time counters, the funnel's five statements ('Liczby'), the search entry, two read-backs and the
      // claim of deliveries: one round trip each. Before it, the quote names a partner: one read of the partner
      // register (a primary key; worker/leads/partners.ts).
      const register = 'SELECT * FROM partners WHERE id = ?1';
      expect(counted.log).toEqual([register, 'batch of 19', register, 'batch of 19']);
    });
  });

  describe('when storage fails', () => {
    it('answers 503 with a Polish error and stores neither the lead, the quote nor the email when the queue refuses it too', async () => {
      const d = db();
      const failing = {
        prepare: (query: string) => d.prepare(query),
        batch: (statements: D1PreparedStatement[]) =>
          d.batch([...statements, d.prepare('INSERT INTO no_such_table VALUES (1)')]),
      } as unknown as D1Database;
      const body = valid();
      const res = await app.fetch(
        new Request('http://kserowo.test/api/quotes', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
        {
          ...(env as unknown as Env),
          DB: failing,
          // D1 failing alone keeps the quote on the queue (202, worker/leads/d1-down.test.ts).
          LEAD_QUEUE: { send: () => Promise.reject(new Error('queue unavailable')) } as unknown as Queue,
        },
        createExecutionContext(),
      );
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: API_ERRORS.quoteStorage });
      const count = await d
        .prepare('SELECT COUNT(*) AS n FROM leads WHERE submission_id = ?')
        .bind(body.submissionId)
        .first<{ n: number }>();
      expect(count?.n).toBe(0);
      const quotesCount = await d
        .prepare('SELECT COUNT(*) AS n FROM quotes q LEFT JOIN leads l ON l.id = q.lead_id WHERE l.id IS NULL')
        .first<{ n: number }>();
      expect(quotesCount?.n).toBe(0);
    });
  });
});

describe('GET /wycena/{id}', () => {
  const create = async (over: Record<string, unknown> = {}) => (await (await post(valid(over))).json()) as QuoteAnswer;

  it('shows a printable Polish quote with net, VAT 23% and gross per month', async () => {
    const q = await create({
      deviceId: 'km-c258',
      level: 'business',
      volume: undefined,
      contact: { name: 'Jan <b>Kowalski</b>', email: 'jan@firma.pl' },
    });
    const res = await request(`/wycena/${q.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    expect(html).toContain(`Wycena nr ${q.number}`);
    expect(html).toContain('Konica Minolta bizhub C258');
    expect(html).toContain('Business');
    expect(html).toContain('335,00 zł');
    expect(html).toContain('VAT 23%');
    expect(html).toContain('77,05 zł');
    expect(html).toContain('412,05 zł');
    expect(html).toContain('3000 stron mono + 1000 stron kolorowych');
    expect(html).toContain('0,04 zł mono, 0,19 zł kolor');
    expect(html).toContain('7 dni bezpłatnego testu');
    expect(html).toContain('(30 dni)');
    expect(html).toContain('Drukuj / zapisz PDF');
    expect(html).toContain('@media print');
    expect(html).toContain('Jan &lt;b>Kowalski&lt;/b>');
    expect(html).not.toContain('<b>Kowalski');
  });

  it('allows only its own style and print script by hash', async () => {
    const q = await create();
    const res = await request(`/wycena/${q.id}`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'sha256-[^']+'/);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('is a 404 for an unknown id', async () => {
    const res = await request('/wycena/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Nie znaleziono wyceny');
  });

  it('is gone (410) after 30 days', async () => {
    const q = await create();
    await db().prepare("UPDATE quotes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?").bind(q.id).run();
    const res = await request(`/wycena/${q.id}`);
    expect(res.status).toBe(410);
    const html = await res.text();
    expect(html).toContain('Wycena wygasła');
    expect(html).not.toContain(q.number);
  });
});
