// Webhook events are written by the model code that makes the change, in its own batch,
// and only for endpoints that want the event's type: with no endpoint, a lead, a quote, a
// ticket, a reading and their status changes leave no event row (no person's data kept for
// nobody); an endpoint of one type gets exactly that type, once per change, never on a replay.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { login, request, subscribeWebhooks, write } from '../../tests/worker/admin-helpers.ts';
import { dispatchWebhooks } from './delivery.ts';

const db = () => (env as unknown as Env).DB;

const post = (path: string, body: unknown) =>
  request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.40' },
    body: JSON.stringify(body),
  });

const contact = (name: string, submissionId = crypto.randomUUID()) => ({
  name,
  email: 'ewa@firma.pl',
  phone: '+48 600 100 200',
  message: 'Proszę o ofertę na kserokopiarkę.',
  submissionId,
});

const quote = (name: string) => ({
  deviceId: 'km-c3320i',
  level: 'basic',
  term: 24,
  paper: false,
  volume: { mono: 1200, color: 200 },
  contact: { name, email: 'jan@firma.pl', company: 'Firma sp. z o.o.', marketingConsent: false },
  submissionId: crypto.randomUUID(),
});

const fault = (name: string) => ({
  serial: 'AA2K021012345',
  category: 'paper',
  description: 'Papier zacina się w podajniku 2.',
  name,
  email: 'anna@firma.pl',
  phone: '600 100 200',
  submissionId: crypto.randomUUID(),
});

let mono = 10_000;
/** The device's reading-link token: only the link's holder sends a reading. */
let readingToken = '';
const reading = (name: string, submissionId = crypto.randomUUID()) => {
  mono += 100;
  return {
    t: readingToken,
    mono,
    color: 500,
    readOn: warsawToday(),
    name,
    email: 'ola@firma.pl',
    submissionId,
  };
};

const count = async (sql: string, ...values: unknown[]) =>
  (
    await db()
      .prepare(sql)
      .bind(...values)
      .first<{ n: number }>()
  )?.n ?? -1;

const eventsOfType = async (type: string) =>
  (
    await db()
      .prepare('SELECT data FROM webhook_events WHERE type = ? ORDER BY rowid')
      .bind(type)
      .all<{ data: string }>()
  ).results.map((r) => JSON.parse(r.data) as Record<string, unknown>);

let cookie = '';

beforeAll(async () => {
  cookie = await login('203.0.113.140', 'Olga');
  const csv = [
    'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
    'AA2K021012345;C3320i;Premium;2025-01-01;36;Firma A sp. z o.o.;1234563218;biuro@firma-a.pl;600100200;Słupsk',
  ].join('\r\n');
  expect((await write('/api/admin/devices/import', { csv }, { cookie })).status).toBe(200);
  readingToken =
    (
      await (env as unknown as Env).DB.prepare(
        "SELECT reading_token FROM devices WHERE serial = 'AA2K021012345'",
      ).first<{
        reading_token: string;
      }>()
    )?.reading_token ?? '';
});

describe('webhook events written by the code that makes the change', () => {
  it('with no endpoint, nothing of the forms or the status changes is kept as an event', async () => {
    const lead = (await (await post('/api/send-contact-email', contact('Ewa Bez Odbiorcy'))).json()) as { id: string };
    expect((await post('/api/quotes', quote('Jan Bez Odbiorcy'))).status).toBe(201);
    const ticket = (await (await post('/api/service-requests', fault('Anna Bez Odbiorcy'))).json()) as { id: string };
    expect((await post('/api/meter-readings', reading('Ola Bez Odbiorcy'))).status).toBe(201);
    const patch = await write(`/api/admin/leads/${lead.id}`, { status: 'won' }, { cookie, method: 'PATCH' });
    expect(patch.status).toBe(200);
    const status = await write(`/api/admin/tickets/${ticket.id}/status`, { status: 'accepted' }, { cookie });
    expect(status.status).toBe(200);
    expect(await count('SELECT COUNT(*) AS n FROM webhook_events')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM webhook_deliveries')).toBe(0);
  });

  it('an endpoint gets only the types it picked, one event per change, none on a replay or an unchanged status', async () => {
    const endpointId = await subscribeWebhooks(cookie, ['ticket.status_changed', 'meter.created', 'quote.created']);

    // Not subscribed: a contact lead and the lead.created of a quote write nothing.
    expect((await post('/api/send-contact-email', contact('Ewa Kontakt'))).status).toBe(200);
    const q = quote('Jan Wycena');
    const quoted = (await (await post('/api/quotes', q)).json()) as { number: string };
    expect((await post('/api/quotes', q)).status).toBe(201); // the same submission again
    expect(await eventsOfType('lead.created')).toEqual([]);
    expect((await eventsOfType('quote.created')).map((e) => e.number)).toEqual([quoted.number]);
    // The volume the estimate is for, and the estimate (none from this form): a CRM sees what was priced.
    const [created] = await eventsOfType('quote.created');
    expect(created).toMatchObject({ volume: { mono: 1200, color: 200 }, estimate: null });
    expect(created?.estimatedNet).toEqual(expect.any(Number));
    expect(created?.estimatedGross).toEqual(expect.any(Number));

    const ticket = (await (await post('/api/service-requests', fault('Anna Serwis'))).json()) as {
      id: string;
      number: string;
    };
    expect(await eventsOfType('ticket.created')).toEqual([]);
    // The second names the same status in Polish, as a change could for one release: no change, no event.
    for (const next of ['accepted', 'przyjęte', 'en_route'])
      expect((await write(`/api/admin/tickets/${ticket.id}/status`, { status: next }, { cookie })).status).toBe(200);
    expect((await eventsOfType('ticket.status_changed')).map((e) => [e.number, e.previousStatus, e.status])).toEqual([
      [ticket.number, 'new', 'accepted'],
      [ticket.number, 'accepted', 'en_route'],
    ]);
    // The status change of a ticket carries no person's data.
    expect(JSON.stringify(await eventsOfType('ticket.status_changed'))).not.toContain('Anna');

    const body = reading('Ola Licznik');
    expect((await post('/api/meter-readings', body)).status).toBe(201);
    expect((await post('/api/meter-readings', body)).status).toBe(201); // a retry of the same form
    expect(await eventsOfType('meter.created')).toEqual([
      expect.objectContaining({ serial: 'AA2K021012345', mono: body.mono, color: 500, reset: false }),
    ]);

    // One delivery per event, for this endpoint.
    expect(await count('SELECT COUNT(*) AS n FROM webhook_events')).toBe(4);
    expect(await count('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?', endpointId)).toBe(4);

    // A paused endpoint wants nothing.
    await write(`/api/admin/webhooks/${endpointId}`, { active: false }, { cookie, method: 'PATCH' });
    expect((await post('/api/quotes', quote('Jan Pauza'))).status).toBe(201);
    expect(await count('SELECT COUNT(*) AS n FROM webhook_events')).toBe(4);
  });
});

describe("a lead's first response, stamped by the code that changes the lead", () => {
  const stamp = (id: string) =>
    db()
      .prepare('SELECT first_response_at, response_hours, created_at FROM leads WHERE id = ?')
      .bind(id)
      .first<{ first_response_at: string | null; response_hours: number | null; created_at: string }>();

  it('is the first change of status or notes, with its business hours stored once; a later change keeps it', async () => {
    const { id } = (await (await post('/api/send-contact-email', contact('Piotr Odpowiedź'))).json()) as { id: string };
    // Saving the same status is no answer.
    await write(`/api/admin/leads/${id}`, { status: 'new' }, { cookie, method: 'PATCH' });
    expect(await stamp(id)).toMatchObject({ first_response_at: null, response_hours: null });
    // Came on Monday 2 March 2026, 09:00 in Warsaw: every business hour since then is counted.
    await db().prepare("UPDATE leads SET created_at = '2026-03-02T08:00:00.000Z' WHERE id = ?").bind(id).run();
    await write(`/api/admin/leads/${id}`, { notes: 'Oddzwonić jutro' }, { cookie, method: 'PATCH' });
    const first = await stamp(id);
    expect(first?.first_response_at).toBeTruthy();
    // At least the whole first week (5 × 8 h) had passed.
    expect(first?.response_hours).toBeGreaterThan(40);
    await write(`/api/admin/leads/${id}`, { status: 'contacted' }, { cookie, method: 'PATCH' });
    expect(await stamp(id)).toEqual(first);
  });
});

describe('re-queueing stranded deliveries', () => {
  it('puts a backlog of 267 on the queue in one cron run, each once', async () => {
    const endpointId = await subscribeWebhooks(cookie, ['meter.created']);
    await db()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 267)
         INSERT INTO webhook_events (id, type, created, data) SELECT 'evt_backlog_' || i, 'meter.created', 0, '{}' FROM n`,
      )
      .run();
    await db()
      .prepare(
        "INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT id, ? FROM webhook_events WHERE id LIKE 'evt_backlog_%'",
      )
      .bind(endpointId)
      .run();
    const sent: number[] = [];
    const queue = {
      sendBatch: async (messages: { body: { deliveryId: number } }[]) => {
        sent.push(...messages.map((m) => m.body.deliveryId));
      },
    } as unknown as Queue;
    await dispatchWebhooks({ ...(env as unknown as Env), WEBHOOK_QUEUE: queue });
    const backlog = (
      await db().prepare("SELECT id FROM webhook_deliveries WHERE event_id LIKE 'evt_backlog_%'").all<{ id: number }>()
    ).results.map((r) => r.id);
    expect(backlog).toHaveLength(267);
    expect(sent.filter((id) => backlog.includes(id)).sort((a, b) => a - b)).toEqual(backlog.sort((a, b) => a - b));
    expect(await count('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE queued_at IS NULL')).toBe(0);
  });
});
