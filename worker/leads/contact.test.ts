import { exports, env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '../app.ts';
import { API_ERRORS, INTAKE_ERRORS } from '../http/errors.ts';
import { FIELD_ERRORS } from '../../widgets/core/validation.ts';
import { company } from '../../widgets/core/company.ts';
import { countingD1 } from '../../tests/worker/d1-counter.ts';

const testEnv = env as unknown as Env;
const URL_ = 'http://kserowo.test/api/send-contact-email';

const post = (body: unknown, headers: Record<string, string> = {}) =>
  (exports as unknown as { default: Fetcher }).default.fetch(URL_, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const count = async (table: 'leads' | 'outbox') =>
  (await testEnv.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;

const valid = { name: 'Anna Nowak', email: 'anna@firma.pl' };

beforeEach(async () => {
  await testEnv.DB.batch([testEnv.DB.prepare('DELETE FROM outbox'), testEnv.DB.prepare('DELETE FROM leads')]);
});

describe('POST /api/send-contact-email', () => {
  describe('with a valid message', () => {
    it('attributes only a registered partner: any other partner value is kept as partner_unregistered', async () => {
      const res = await post({
        ...valid,
        submissionId: crypto.randomUUID(),
        attribution: { utm_source: 'x', partner: 'ktokolwiek' },
      });
      expect(res.status).toBe(200);
      const { id } = (await res.json()) as { id: string };
      const lead = await testEnv.DB.prepare('SELECT attribution FROM leads WHERE id = ?')
        .bind(id)
        .first<{ attribution: string }>();
      expect(JSON.parse(String(lead?.attribution))).toEqual({ utm_source: 'x', partner_unregistered: 'ktokolwiek' });
    });

    it('stores the lead with its notification to the sales address and answers 200 {ok, id}', async () => {
      const submissionId = crypto.randomUUID();
      const res = await post(
        {
          ...valid,
          phone: ' +48 600 100 200 ',
          message: 'Proszę o ofertę\nna C258.',
          submissionId,
          attribution: {
            page: '/kontakt?utm_source=x',
            origin: 'https://kserowo.pl',
            referrer: '',
            utm_source: 'x',
            partner: 'drukarnia-abc',
          },
          website: '',
        },
        { Origin: 'https://partner.example' },
      );
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { ok: boolean; id: string };
      expect(answer.ok).toBe(true);
      const lead = await testEnv.DB.prepare('SELECT * FROM leads WHERE id = ?')
        .bind(answer.id)
        .first<Record<string, unknown>>();
      expect(lead).toMatchObject({
        kind: 'contact',
        submission_id: submissionId,
        name: 'Anna Nowak',
        email: 'anna@firma.pl',
        phone: '+48 600 100 200',
        message: 'Proszę o ofertę\nna C258.',
        origin: 'https://partner.example',
        status: 'new',
        notes: '',
      });
      expect(JSON.parse(String(lead?.attribution))).toEqual({
        page: '/kontakt?utm_source=x',
        origin: 'https://kserowo.pl',
        referrer: '',
        utm_source: 'x',
        partner: 'drukarnia-abc',
      });
      const mail = await testEnv.DB.prepare('SELECT * FROM outbox WHERE lead_id = ?')
        .bind(answer.id)
        .first<Record<string, string>>();
      expect(mail).toMatchObject({
        recipient: company.salesEmail,
        reply_to: 'anna@firma.pl',
        attempts: expect.any(Number),
      });
      expect(mail?.subject).not.toContain('Anna');
      expect(mail?.body).toContain('Imię: Anna Nowak');
      expect(mail?.body).toContain('> Proszę o ofertę\n> na C258.');
    });

    it("accepts the spec's bare payload (name and email only)", async () => {
      const res = await post(valid);
      expect(res.status).toBe(200);
      expect(await count('leads')).toBe(1);
      const lead = await testEnv.DB.prepare('SELECT * FROM leads').first<Record<string, unknown>>();
      expect(lead).toMatchObject({ phone: null, message: null, attribution: '{}' });
      expect(String(lead?.submission_id)).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('trims the fields, stores blank optional ones as absent and ignores unknown fields', async () => {
      const res = await post({
        name: '  Jan  ',
        email: ' jan@x.pl ',
        phone: '  ',
        message: '',
        isAdmin: true,
        price: 1,
      });
      expect(res.status).toBe(200);
      const lead = await testEnv.DB.prepare('SELECT * FROM leads').first<Record<string, unknown>>();
      expect(lead).toMatchObject({ name: 'Jan', email: 'jan@x.pl', phone: null, message: null });
    });

    it('stores one lead and one notification when the same submissionId comes again', async () => {
      const submissionId = crypto.randomUUID();
      const first = (await (await post({ ...valid, submissionId })).json()) as { id: string };
      const again = await post({ ...valid, submissionId });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { id: string }).id).toBe(first.id);
      expect(await count('leads')).toBe(1);
      expect(await count('outbox')).toBe(1);
    });

    it('answers any origin without credentials, varies by Origin and answers the preflight', async () => {
      const res = await post(valid, { Origin: 'https://partner.example' });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/Origin/);
      const preflight = await (exports as unknown as { default: Fetcher }).default.fetch(URL_, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://partner.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    });
  });

  describe('with bad input', () => {
    const refusals: [string, unknown, string, string][] = [
      ['a missing name', { email: 'a@b.pl' }, FIELD_ERRORS.nameRequired, 'name'],
      ['a blank name', { name: '   ', email: 'a@b.pl' }, FIELD_ERRORS.nameRequired, 'name'],
      ['a missing email', { name: 'Jan' }, FIELD_ERRORS.emailRequired, 'email'],
      ['an email without a dot', { name: 'Jan', email: 'jan@firma' }, FIELD_ERRORS.email, 'email'],
      ['two addresses', { name: 'Jan', email: 'a@b.co,evil@x.pl' }, FIELD_ERRORS.email, 'email'],
      ['an address with <>', { name: 'Jan', email: '<a@b.co>' }, FIELD_ERRORS.email, 'email'],
      ['an address with a line break', { name: 'Jan', email: 'a@b.co\r\nBcc: evil@x.pl' }, FIELD_ERRORS.email, 'email'],
      ['an address with NUL', { name: 'Jan', email: 'a\u0000@b.co' }, FIELD_ERRORS.email, 'email'],
      [
        'an address over 254 characters',
        { name: 'Jan', email: `${'a'.repeat(250)}@b.co` },
        FIELD_ERRORS.emailLong,
        'email',
      ],
      ['a line break in the name', { name: 'Jan\r\nBcc: x@y.pl', email: 'a@b.pl' }, FIELD_ERRORS.nameChars, 'name'],
      ['a name of 10,000 characters', { name: 'x'.repeat(10_000), email: 'a@b.pl' }, FIELD_ERRORS.nameLong, 'name'],
      ['letters in the phone', { ...valid, phone: 'zadzwoń' }, FIELD_ERRORS.phone, 'phone'],
      ['a phone over 30 characters', { ...valid, phone: '1'.repeat(31) }, FIELD_ERRORS.phone, 'phone'],
      [
        'a message of 10,000 characters',
        { ...valid, message: 'x'.repeat(10_000) },
        FIELD_ERRORS.messageLong,
        'message',
      ],
      ['NUL in the message', { ...valid, message: 'a\u0000b' }, FIELD_ERRORS.messageChars, 'message'],
      ['a name that is a number', { name: 5, email: 'a@b.pl' }, FIELD_ERRORS.nameRequired, 'name'],
      ['a bad submissionId', { ...valid, submissionId: 'abc' }, FIELD_ERRORS.submissionId, 'submissionId'],
      ['attribution that is a string', { ...valid, attribution: 'x' }, FIELD_ERRORS.attribution, 'attribution'],
    ];
    for (const [what, body, error, field] of refusals) {
      it(`refuses ${what} with 400 naming the field, storing nothing`, async () => {
        const res = await post(body);
        expect(res.status).toBe(400);
        // The field the message is about, as the form names it, so the form outlines that one.
        expect(await res.json()).toEqual({ error, field });
        expect(await count('leads')).toBe(0);
      });
    }

    it('refuses malformed JSON and JSON that is not an object with 400', async () => {
      for (const raw of ['{"name":', 'null', '[1,2]', '"text"', '']) {
        const res = await post(raw);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: INTAKE_ERRORS.badJson });
      }
      expect(await count('leads')).toBe(0);
    });

    it('refuses a body that is not JSON with 415', async () => {
      const res = await post('name=Jan&email=a@b.pl', { 'Content-Type': 'application/x-www-form-urlencoded' });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: INTAKE_ERRORS.notJson });
    });

    it('refuses a body over 16 KB with 413', async () => {
      const res = await post({ ...valid, message: 'x'.repeat(17 * 1024) });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: INTAKE_ERRORS.tooLarge });
      expect(await count('leads')).toBe(0);
    });

    it('refuses a streamed body over 16 KB without a Content-Length with 413', async () => {
      const chunk = new TextEncoder().encode(' '.repeat(4096));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 5; i++) controller.enqueue(chunk);
          controller.close();
        },
      });
      const res = await app.fetch(
        new Request(URL_, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: stream,
          duplex: 'half',
        } as RequestInit),
        testEnv,
        createExecutionContext(),
      );
      expect(res.status).toBe(413);
    });
  });

  describe('when the honeypot is filled', () => {
    it('answers 200 like a success and stores nothing', async () => {
      const res = await post({ ...valid, website: 'http://spam.example' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
      expect(await count('leads')).toBe(0);
      expect(await count('outbox')).toBe(0);
    });
  });

  describe('in D1 round trips', () => {
    it('stores the lead with its notification in one batch', async () => {
      const counted = countingD1(testEnv.DB);
      const res = await app.fetch(
        new Request(URL_, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(valid),
        }),
        { ...testEnv, DB: counted.db },
        createExecutionContext(),
      );
      expect(res.status).toBe(200);
      // The lead, its e-mail, its webhook event and deliveries (2), its day and response-time counters, the funnel's five
      // statements ('Liczby': take back, work out, add), its search entry, the read-back and the claim of deliveries: one round trip.
      expect(counted.log).toEqual(['batch of 14']);
      expect(await count('leads')).toBe(1);
      expect(await count('outbox')).toBe(1);
    });
  });

  describe('when storage fails', () => {
    it('answers 503 with a Polish error and writes neither the lead nor its notification when the queue refuses it too', async () => {
      const db = testEnv.DB;
      // The batch fails after the lead's insert ran: D1 must roll the whole batch back.
      const failing = {
        prepare: (query: string) => db.prepare(query),
        batch: (statements: D1PreparedStatement[]) =>
          db.batch([...statements, db.prepare('INSERT INTO no_such_table VALUES (1)')]),
      } as unknown as D1Database;
      const res = await app.fetch(
        new Request(URL_, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(valid),
        }),
        {
          ...testEnv,
          DB: failing,
          LEAD_QUEUE: {
            send: () => Promise.reject(new Error('queue unavailable')),
          } as unknown as Queue,
        },
        createExecutionContext(),
      );
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: API_ERRORS.contactStorage });
      expect(await count('leads')).toBe(0);
      expect(await count('outbox')).toBe(0);
    });
  });

  describe('over the rate limit', () => {
    it('answers 429 to the 21st request of one IP in a minute, and still serves another IP', async () => {
      const limited = { ...testEnv, LEAD_RATE_LIMIT: testEnv.LEAD_RATE_LIMIT_CONFIGURED };
      const send = (ip: string) =>
        app.fetch(
          new Request(URL_, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
            body: JSON.stringify(valid),
          }),
          limited,
          createExecutionContext(),
        );
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await send('203.0.113.7')).status);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
      expect(statuses[20]).toBe(429);
      const refused = await send('203.0.113.7');
      expect(await refused.json()).toEqual({ error: INTAKE_ERRORS.tooMany });
      expect(refused.headers.get('retry-after')).toBe('60');
      expect((await send('198.51.100.9')).status).toBe(200);
      expect(await count('leads')).toBe(21);
    });
  });
});
