// The retention period (the cron anonymises leads, quotes, tickets and readings
// past it, and deletes their e-mails and webhook events), and the owner's export and
// erasure of one person's data by e-mail address, both in the audit log.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import entry from '../index.ts';
import { ACCOUNT_API_ERRORS } from '../http/errors.ts';
import { DEFAULT_RETENTION_MONTHS, RETENTION_BATCH, cutoffOf, retentionMonths } from './retention.ts';
import { ERASED_NAME, PRIVACY_ERRORS } from '../admin-shared/privacy-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { login, read, request, subscribeWebhooks, testEnv, write } from '../../tests/worker/admin-helpers.ts';
import { personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { form as portalForm, signContract, signIn } from '../../tests/worker/portal-helpers.ts';
import { RETENTION_MONTHS, SIGNED_ORDER_KEPT } from '../../widgets/core/privacy.ts';
import { bookedDays } from '../orders/model.ts';
import { deliveryDays } from '../admin-shared/delivery.ts';

const worker = entry as Required<Pick<ExportedHandler<Env>, 'scheduled'>>;
const db = () => testEnv.DB;

const post = (path: string, body: unknown) =>
  request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.13' },
    body: JSON.stringify(body),
  });

let counter = 0;
const person = () => {
  counter += 1;
  return { name: `Osoba Testowa ${counter}`, email: `osoba${counter}@firma-${counter}.pl` };
};

/** A contact message from `p`; answers its lead id. */
async function contact(p: { name: string; email: string }): Promise<string> {
  const res = await post('/api/send-contact-email', {
    name: p.name,
    email: p.email,
    phone: '600 700 800',
    message: `Proszę o ofertę dla ${p.name}.`,
    submissionId: crypto.randomUUID(),
    attribution: {
      page: '/kontakt?utm_source=google',
      origin: 'http://kserowo.test',
      referrer: '',
      utm_source: 'google',
    },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** A configurator quote from `p`; answers its lead id and number. */
async function quote(p: { name: string; email: string }): Promise<{ leadId: string; number: string }> {
  const res = await post('/api/quotes', {
    deviceId: 'km-c3320i',
    level: 'basic',
    term: 24,
    paper: false,
    volume: { mono: 1200, color: 200 },
    contact: {
      name: p.name,
      email: p.email,
      company: 'Firma sp. z o.o.',
      nip: '123-456-32-18',
      city: 'Słupsk',
      marketingConsent: true,
    },
    submissionId: crypto.randomUUID(),
    attribution: { page: '/konfigurator', origin: 'http://kserowo.test', referrer: '', utm_source: 'partner' },
  });
  expect(res.status).toBe(201);
  const { number } = (await res.json()) as { number: string };
  const row = await db()
    .prepare('SELECT lead_id FROM quotes WHERE number = ?')
    .bind(number)
    .first<{ lead_id: string }>();
  return { leadId: row?.lead_id ?? '', number };
}

/** A fault report from `p` for the device AA2K021012345; answers the ticket's id. */
async function ticket(p: { name: string; email: string }): Promise<string> {
  const res = await post('/api/service-requests', {
    serial: 'AA2K021012345',
    category: 'paper',
    description: `Papier się zacina, pisze ${p.name}.`,
    name: p.name,
    email: p.email,
    phone: '600 100 200',
    submissionId: crypto.randomUUID(),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

let mono = 10_000;
/** A counter reading sent by `p` for the device BB000111; answers its id. */
async function reading(p: { name: string; email: string }): Promise<number> {
  mono += 100;
  const token = await db()
    .prepare('SELECT reading_token FROM devices WHERE serial = ?')
    .bind('BB000111')
    .first<{ reading_token: string }>();
  const res = await post('/api/meter-readings', {
    t: token?.reading_token,
    mono,
    readOn: warsawToday(),
    name: p.name,
    email: p.email,
    submissionId: crypto.randomUUID(),
  });
  expect(res.status).toBe(201);
  const row = await db().prepare('SELECT id FROM meter_readings WHERE mono = ?').bind(mono).first<{ id: number }>();
  return row?.id ?? 0;
}

/** Moves a lead (with its quote, e-mails and webhook events) `days` into the past. */
async function ageLead(id: string, days: number) {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  await db().batch([
    db().prepare('UPDATE leads SET created_at = ?2 WHERE id = ?1').bind(id, at),
    db().prepare('UPDATE quotes SET created_at = ?2 WHERE lead_id = ?1').bind(id, at),
    db().prepare('UPDATE outbox SET created_at = ?2 WHERE lead_id = ?1').bind(id, at),
    db()
      .prepare(
        `UPDATE webhook_events SET created = ?2 WHERE json_extract(data, '$.id') = ?1 OR json_extract(data, '$.leadId') = ?1`,
      )
      .bind(id, Math.floor(Date.parse(at) / 1000)),
  ]);
}

/** Moves a ticket (with its webhook event) `days` into the past. */
async function ageTicket(id: string, days: number) {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  await db().batch([
    db().prepare('UPDATE service_tickets SET created_at = ?2 WHERE id = ?1').bind(id, at),
    db()
      .prepare(
        `UPDATE webhook_events SET created = ?2 WHERE type = 'ticket.created'
           AND json_extract(data, '$.number') = (SELECT number FROM service_tickets WHERE id = ?1)`,
      )
      .bind(id, Math.floor(Date.parse(at) / 1000)),
  ]);
}

/** Moves a reading (with its webhook event) `days` into the past. */
async function ageReading(id: number, days: number) {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  await db().batch([
    db().prepare('UPDATE meter_readings SET created_at = ?2 WHERE id = ?1').bind(id, at),
    db()
      .prepare(
        `UPDATE webhook_events SET created = ?2 WHERE type = 'meter.created'
           AND json_extract(data, '$.mono') = (SELECT mono FROM meter_readings WHERE id = ?1)`,
      )
      .bind(id, Math.floor(Date.parse(at) / 1000)),
  ]);
}

async function cron(env: Env = testEnv) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const leadRow = (id: string) =>
  db().prepare('SELECT * FROM leads WHERE id = ?').bind(id).first<Record<string, unknown>>();
const count = async (sql: string, ...binds: unknown[]) =>
  (
    await db()
      .prepare(sql)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n ?? -1;
/** How many rows of the tables that hold a person's data still name `email` or `name`. */
const traces = (p: { name: string; email: string }) =>
  count(
    `SELECT (SELECT COUNT(*) FROM leads WHERE lower(email) = lower(?1) OR name = ?2 OR instr(message, ?2) > 0)
      + (SELECT COUNT(*) FROM service_tickets WHERE lower(email) = lower(?1) OR name = ?2)
      + (SELECT COUNT(*) FROM meter_readings WHERE instr(sent_by, ?1) > 0)
      + (SELECT COUNT(*) FROM outbox WHERE instr(body, ?1) > 0 OR instr(body, ?2) > 0 OR reply_to = ?1)
      + (SELECT COUNT(*) FROM webhook_events WHERE instr(data, ?1) > 0 OR instr(data, ?2) > 0)
      + (SELECT COUNT(*) FROM devices WHERE lower(email) = lower(?1)) AS n`,
    p.email,
    p.name,
  );

let owner = '';
beforeAll(async () => {
  owner = await login('203.0.113.131', 'Właścicielka');
  const csv = [
    'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
    'AA2K021012345;C3320i;Premium;2025-01-01;36;Firma A sp. z o.o.;1234563218;kontakt@firma-a.pl;600100200;Słupsk',
    'BB000111;bizhub 227;basic;2025-06-01;24;Biuro B;;;;Koszalin',
  ].join('\r\n');
  const res = await write('/api/admin/devices/import', { csv }, { cookie: owner });
  expect(res.status).toBe(200);
  // A CRM subscribed to every event: its events carry the person's data and go with it.
  await subscribeWebhooks(owner);
});

afterEach(() => vi.restoreAllMocks());

describe('the retention period', () => {
  it('anonymises a lead and a quote past 24 months with their e-mails and webhook events; a younger one stays', async () => {
    const a = person();
    const b = person();
    const young = person();
    const old = await contact(a);
    const oldQuote = await quote(b);
    const fresh = await contact(young);
    await ageLead(old, 25 * 31);
    await ageLead(oldQuote.leadId, 25 * 31);
    await ageLead(fresh, 23 * 30);
    expect(await traces(a)).toBeGreaterThan(0);
    expect(await traces(b)).toBeGreaterThan(0);
    const log = vi.spyOn(console, 'log');

    await cron();

    for (const p of [a, b]) expect(await traces(p)).toBe(0);
    const gone = await leadRow(old);
    // The row stays for the numbers (kind, date, status, source), without the person.
    expect(gone).toMatchObject({
      kind: 'contact',
      name: ERASED_NAME,
      email: '',
      phone: null,
      message: null,
      body_hash: null,
    });
    expect(JSON.parse(String(gone?.attribution))).toMatchObject({ utm_source: 'google' });
    expect(String(gone?.attribution)).not.toContain('/kontakt');
    expect(gone?.first_response_at).toBeNull();
    expect(await count('SELECT COUNT(*) AS n FROM outbox WHERE lead_id IN (?1, ?2)', old, oldQuote.leadId)).toBe(0);
    const q = await db()
      .prepare('SELECT nip, city, device_id FROM quotes WHERE number = ?')
      .bind(oldQuote.number)
      .first<Record<string, unknown>>();
    expect(q).toEqual({ nip: null, city: null, device_id: 'km-c3320i' });
    // The younger lead keeps everything, its e-mail included.
    expect(await leadRow(fresh)).toMatchObject({ name: young.name, email: young.email, anonymised_at: null });
    expect(await count('SELECT COUNT(*) AS n FROM outbox WHERE lead_id = ?', fresh)).toBe(1);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^retention: period 24 month.*anonymised 2 leads/));
    // A second run finds nothing more to do.
    log.mockClear();
    await cron();
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/anonymised 0 leads .* 0 service tickets, 0 meter readings/),
    );
  });

  it('honours RETENTION_MONTHS: with 1 month a 40-day-old lead, ticket and reading go, 20-day-old ones stay', async () => {
    const a = person();
    const young = person();
    const oldLead = await contact(a);
    const oldTicket = await ticket(a);
    const oldReading = await reading(a);
    const freshLead = await contact(young);
    const freshTicket = await ticket(young);
    const freshReading = await reading(young);
    await ageLead(oldLead, 40);
    await ageTicket(oldTicket, 40);
    await ageReading(oldReading, 40);
    await ageLead(freshLead, 20);
    await ageTicket(freshTicket, 20);
    await ageReading(freshReading, 20);

    await cron(); // the default period keeps them all
    expect(await traces(a)).toBeGreaterThan(0);

    await cron({ ...testEnv, RETENTION_MONTHS: '1' });
    expect(await traces(a)).toBe(0);
    expect(
      await db()
        .prepare('SELECT name, email, description, status FROM service_tickets WHERE id = ?')
        .bind(oldTicket)
        .first(),
    ).toEqual({ name: ERASED_NAME, email: '', description: '', status: 'new' });
    expect(
      await db().prepare('SELECT sent_by, mono FROM meter_readings WHERE id = ?').bind(oldReading).first(),
    ).toMatchObject({ sent_by: ERASED_NAME });
    expect(await leadRow(freshLead)).toMatchObject({ email: young.email });
    expect(await db().prepare('SELECT email FROM service_tickets WHERE id = ?').bind(freshTicket).first()).toEqual({
      email: young.email,
    });
    expect(await db().prepare('SELECT sent_by FROM meter_readings WHERE id = ?').bind(freshReading).first()).toEqual({
      sent_by: `${young.name} <${young.email}>`,
    });
  });

  it(`works off a backlog in batches of ${RETENTION_BATCH} until done, in one run`, async () => {
    const at = new Date(Date.now() - 30 * 31 * 86_400_000);
    const ids = Array.from({ length: 2 * RETENTION_BATCH + 5 }, () => crypto.randomUUID());
    await db().batch(
      ids.map((id, i) =>
        db()
          .prepare(
            `INSERT INTO leads (id, kind, submission_id, name, email, created_at) VALUES (?1, 'contact', ?1, 'Zaległa Osoba', 'zalegla@firma.pl', ?2)`,
          )
          .bind(id, new Date(at.getTime() + i * 1000).toISOString()),
      ),
    );
    const left = () => count("SELECT COUNT(*) AS n FROM leads WHERE email = 'zalegla@firma.pl'");
    const log = vi.spyOn(console, 'log');
    await cron();
    expect(await left()).toBe(0);
    expect(log.mock.calls.map((c) => String(c[0])).find((l) => l.startsWith('retention:'))).toMatch(
      /anonymised 205 leads .* in 3 batch\(es\)$/,
    );
  });

  it('takes the 24 months of the privacy policy when RETENTION_MONTHS is unset, and logs a value that is not a number of months', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The period the policy states (widgets/core/privacy.ts) is the cron's default.
    expect(DEFAULT_RETENTION_MONTHS).toBe(RETENTION_MONTHS);
    expect(retentionMonths({})).toBe(24);
    expect(retentionMonths({ RETENTION_MONTHS: ' ' })).toBe(24);
    expect(warn).not.toHaveBeenCalled();
    expect(retentionMonths({ RETENTION_MONTHS: '6' })).toBe(6);
    for (const bad of ['0', '-3', '1.5', 'dwa lata', '999'])
      expect(retentionMonths({ RETENTION_MONTHS: bad })).toBe(24);
    expect(warn).toHaveBeenCalledTimes(5);
    expect(warn.mock.calls[0]?.[0]).toMatch(/RETENTION_MONTHS="0".*using 24/);
    expect(cutoffOf(new Date('2026-03-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(cutoffOf(new Date('2026-11-24T10:00:00Z'), 24).toISOString()).toBe('2024-11-24T10:00:00.000Z');
  });
});

describe('a person’s data in the admin (owner only)', () => {
  const path = (email: string, rest = '') => `/api/admin/privacy/${encodeURIComponent(email)}${rest}`;

  it('exports everything stored about the address, case-insensitive, and nothing of another person', async () => {
    const anna = person();
    const other = person();
    const leadId = await contact(anna);
    const q = await quote(anna);
    const ticketId = await ticket(anna);
    await reading(anna);
    await contact(other);
    await ticket(other);
    // The owner worked on her lead: the audit log names it.
    expect(
      (await write(`/api/admin/leads/${leadId}`, { status: 'contacted' }, { cookie: owner, method: 'PATCH' })).status,
    ).toBe(200);

    const summary = await read(path(` ${anna.email.toUpperCase()} `), owner);
    expect(summary.status).toBe(200);
    expect(await summary.json()).toMatchObject({
      email: anna.email,
      empty: false,
      // E-mails of her leads and ticket: the team's, and the ticket's confirmation to the contract's address.
      counts: { leads: 2, quotes: 1, tickets: 1, readings: 1, emails: 4 },
    });

    const res = await read(path(anna.email.toUpperCase(), '/export'), owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(
        `^attachment; filename="kserowo-dane-${anna.email.replace('@', '-').replace(/\./g, '\\.')}-\\d{4}-\\d\\d-\\d\\d\\.json"$`,
      ),
    );
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown[]> & { email: string };
    expect(data.email).toBe(anna.email);
    expect(data.leads?.map((l) => (l as { id: string }).id).sort()).toEqual([leadId, q.leadId].sort());
    expect(data.quotes).toEqual([expect.objectContaining({ number: q.number, nip: '1234563218' })]);
    expect(data.serviceTickets).toEqual([expect.objectContaining({ id: ticketId, email: anna.email })]);
    expect(data.meterReadings).toEqual([expect.objectContaining({ sent_by: `${anna.name} <${anna.email}>` })]);
    expect(data.emails).toHaveLength(4);
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ form: 'quote', quoteNumber: q.number, marketingConsent: true }),
        expect.objectContaining({ form: 'service', marketingConsent: false }),
      ]),
    );
    expect(data.webhookEvents?.length).toBeGreaterThanOrEqual(4);
    expect(data.auditEntries).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'leads.update', target: leadId })]),
    );
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(other.name);

    // The export itself is in the audit log: the address and the counts, nothing else.
    const audit = await db()
      .prepare("SELECT * FROM audit_log WHERE action = 'privacy.export' ORDER BY id DESC LIMIT 1")
      .first<Record<string, string>>();
    expect(audit).toMatchObject({ area: 'privacy', target: anna.email.toUpperCase(), method: 'GET', status: 200 });
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ leads: 2, quotes: 1, tickets: 1 });
    expect(JSON.stringify(audit)).not.toContain(anna.name);
  });

  it('erases it all, writes the audit entry, and leaves another person’s data alone', async () => {
    const jan = person();
    const other = person();
    const leadId = await contact(jan);
    await quote(jan);
    await ticket(jan);
    await reading(jan);
    await write(
      '/api/admin/devices/import',
      {
        csv: `numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc\r\nEE${counter}777;C3320i;basic;2025-01-01;36;Firma J;;${jan.email};600600600;Słupsk`,
      },
      { cookie: owner },
    );
    const otherLead = await contact(other);
    expect(await traces(jan)).toBeGreaterThan(0);

    const res = await request(path(jan.email), {
      method: 'DELETE',
      headers: { Cookie: owner, Origin: 'http://kserowo.test' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: jan.email,
      erased: { leads: 2, quotes: 1, tickets: 1, readings: 1, devices: 1 },
    });

    expect(await traces(jan)).toBe(0);
    expect(await leadRow(leadId)).toMatchObject({ name: ERASED_NAME, email: '', phone: null, message: null });
    expect(await db().prepare('SELECT company FROM devices WHERE serial = ?').bind(`EE${counter}777`).first()).toEqual({
      company: 'Firma J',
    });
    expect(await leadRow(otherLead)).toMatchObject({ name: other.name, email: other.email });
    expect(await traces(other)).toBeGreaterThan(0);

    const audit = await db()
      .prepare("SELECT * FROM audit_log WHERE action = 'privacy.delete' ORDER BY id DESC LIMIT 1")
      .first<Record<string, string>>();
    expect(audit).toMatchObject({ area: 'privacy', target: jan.email, method: 'DELETE', status: 200 });
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ leads: 2, tickets: 1, readings: 1 });
    for (const kept of [jan.name, '600 700 800', 'Proszę o ofertę']) expect(JSON.stringify(audit)).not.toContain(kept);

    // Nothing left: the export and a second erasure say so in Polish.
    const again = await read(path(jan.email, '/export'), owner);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: PRIVACY_ERRORS.nothing });
    expect(await (await read(path(jan.email), owner)).json()).toMatchObject({ empty: true });
  });

  it('matches a person by the fields that name them: a stranger who types the address is not that person', async () => {
    const eva = person();
    const stranger = person();
    await contact(eva);
    // The stranger puts Eva's address into their own message, a fault description and a reading's name.
    const res = await post('/api/send-contact-email', {
      name: stranger.name,
      email: stranger.email,
      message: eva.email,
      submissionId: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    const strangerLead = ((await res.json()) as { id: string }).id;
    const fault = await post('/api/service-requests', {
      serial: 'AA2K021012345',
      category: 'paper',
      description: eva.email,
      name: stranger.name,
      email: stranger.email,
      phone: '600 100 200',
      submissionId: crypto.randomUUID(),
    });
    expect(fault.status).toBe(201);
    const strangerReading = await reading({ name: `${stranger.name} <${eva.email}>`, email: stranger.email });

    const summary = (await (await read(path(eva.email), owner)).json()) as { counts: Record<string, number> };
    expect(summary.counts).toMatchObject({ leads: 1, tickets: 0, readings: 0 });
    const exported = await (await read(path(eva.email, '/export'), owner)).text();
    expect(exported).not.toContain(stranger.email);
    expect(exported).not.toContain(stranger.name);
    const data = JSON.parse(exported) as { webhookEvents: unknown[]; meterReadings: unknown[] };
    expect(data.meterReadings).toEqual([]);
    expect(data.webhookEvents).toHaveLength(1);

    const erased = await request(path(eva.email), {
      method: 'DELETE',
      headers: { Cookie: owner, Origin: 'http://kserowo.test' },
    });
    expect(erased.status).toBe(200);
    // The stranger's records, and their webhook events, are as they were.
    expect(await leadRow(strangerLead)).toMatchObject({
      name: stranger.name,
      email: stranger.email,
      message: eva.email,
    });
    expect(await db().prepare('SELECT sent_by FROM meter_readings WHERE id = ?').bind(strangerReading).first()).toEqual(
      { sent_by: `${stranger.name} <${eva.email}> <${stranger.email}>` },
    );
    expect(
      await count(
        `SELECT COUNT(*) AS n FROM webhook_events WHERE json_extract(data, '$.id') = ?1
           OR json_extract(data, '$.sentBy') = ?2`,
        strangerLead,
        `${stranger.name} <${eva.email}> <${stranger.email}>`,
      ),
    ).toBe(2);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM webhook_events WHERE type = 'ticket.created' AND json_extract(data, '$.description') = ?",
        eva.email,
      ),
    ).toBe(1);
    // The stranger's own request still finds all of theirs.
    const theirs = (await (await read(path(stranger.email), owner)).json()) as { counts: Record<string, number> };
    expect(theirs.counts).toMatchObject({ leads: 1, tickets: 1, readings: 1 });
  });

  it('refuses an invalid address with a Polish 400, and the sales role with a 403', async () => {
    for (const bad of ['nie-adres', 'a@b', 'jan@firma.pl, ewa@firma.pl']) {
      const res = await read(path(bad, '/export'), owner);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: PRIVACY_ERRORS.email });
    }
    const a = person();
    await contact(a);
    const sales = await personWithSession('sales');
    for (const res of [
      await read(path(a.email), sales.cookie),
      await read(path(a.email, '/export'), sales.cookie),
      await request(path(a.email), {
        method: 'DELETE',
        headers: { Cookie: sales.cookie, Origin: 'http://kserowo.test' },
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: ACCOUNT_API_ERRORS.forbidden });
    }
    expect(await traces(a)).toBeGreaterThan(0);
  });
});

/*
 * What the customer's page and the online orders added to a person's data: the portal's
 * sign-ins and sessions, toner orders, the confirmation e-mails, and the orders they signed
 * or began. The person is a customer whose contract's address is theirs.
 */
// Two customers through the portal and a signed online order a test: 18.6 s of the default 30 s
// on a clean CI run, so a budget that holds at twice that load.
describe('a customer’s portal data and online orders', { timeout: 90_000 }, () => {
  const path = (email: string, rest = '') => `/api/admin/privacy/${encodeURIComponent(email)}${rest}`;
  let serial = 0;

  /** A customer with a colour device under contract, signed in to /konto: their address, cookie and device. */
  async function customer(): Promise<{ email: string; cookie: string; device: number }> {
    serial += 1;
    const email = `klient${serial}@portal-${serial}.pl`;
    const [device] = await signContract(email, `Klient ${serial} sp. z o.o.`, [
      { serial: `PV-${serial}-C3320I`, deviceId: 'km-c3320i', level: 'premium' },
    ]);
    return { email, cookie: await signIn(email), device: device ?? -1 };
  }

  /** A reading and a toner order from the portal: a reading confirmation, a toner confirmation, a team e-mail. */
  async function throughPortal(c: { cookie: string; device: number }): Promise<string> {
    const sent = await portalForm(
      '/konto/odczyt',
      { device: String(c.device), mono: '12000', color: '3000', readOn: '2026-01-31' },
      { cookie: c.cookie },
    );
    expect(sent.status).toBe(303);
    const toner = await portalForm(
      '/konto/toner',
      { device: String(c.device), colour: 'black', note: 'Proszę dostarczyć do sekretariatu, pani Ewa.' },
      { cookie: c.cookie },
    );
    expect(toner.status).toBe(303);
    return /nr=(TON-\d{4}-\d{6})/.exec(toner.headers.get('location') ?? '')?.[1] ?? '';
  }

  /** An online order of a new quote by `signerEmail`, signed by its code when `sign`; answers its id. */
  async function onlineOrder(signerEmail: string, sign: boolean): Promise<string> {
    const q = await quote(person());
    const day = deliveryDays('Słupsk', warsawToday(), await bookedDays(db(), warsawToday()))[0];
    const placed = await post(`/api/orders/${await quoteIdOf(q.number)}`, {
      nip: '526-025-02-74',
      companyName: 'Ministerstwo Finansów',
      companyAddress: 'Świętokrzyska 12, 00-916 Warszawa',
      regon: '000002217',
      krs: '',
      signerName: 'Jan Podpisujący',
      signerPosition: 'Dyrektor',
      signerEmail,
      signerPhone: '+48 59 765 43 21',
      represents: true,
      city: 'Słupsk',
      date: day,
      deliveryAddress: 'ul. Długa 5, 76-200 Słupsk',
      marketingConsent: true,
      submissionId: crypto.randomUUID(),
    });
    expect(placed.status).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    if (sign) {
      const mail = await db()
        .prepare("SELECT body FROM outbox WHERE recipient = ? AND subject LIKE 'Kod akceptacji%' ORDER BY id DESC")
        .bind(signerEmail)
        .first<{ body: string }>();
      const code = /to: (\d{6})/.exec(mail?.body ?? '')?.[1];
      expect((await post(`/api/orders/${id}/accept`, { code })).status).toBe(200);
    }
    return id;
  }

  const quoteIdOf = async (number: string) =>
    (await db().prepare('SELECT id FROM quotes WHERE number = ?').bind(number).first<{ id: string }>())?.id ?? '';

  /** Rows of the customer's page and the orders that still name `email` or hold the toner note. */
  const portalTraces = ({ email, device }: { email: string; device: number }) =>
    count(
      `SELECT (SELECT COUNT(*) FROM portal_sign_ins WHERE email = ?1)
        + (SELECT COUNT(*) FROM portal_sessions WHERE email = ?1)
        + (SELECT COUNT(*) FROM toner_orders WHERE ordered_by = ?1 OR (device_row = ?2 AND note IS NOT NULL))
        + (SELECT COUNT(*) FROM outbox WHERE lower(recipient) = ?1 OR lower(reply_to) = ?1 OR instr(body, ?1) > 0)
        + (SELECT COUNT(*) FROM webhook_events WHERE instr(data, ?1) > 0)
        + (SELECT COUNT(*) FROM orders WHERE lower(signer_email) = ?1 AND status = 'awaiting_acceptance') AS n`,
      email,
      device,
    );

  beforeAll(async () => {
    await subscribeWebhooks(owner, ['toner.ordered', 'order.signed']);
  });

  it('exports the portal’s sign-ins, sessions, toner orders, confirmations and the online orders', async () => {
    const c = await customer();
    const tonerNo = await throughPortal(c);
    const signed = await onlineOrder(c.email, true);
    const begun = await onlineOrder(c.email, false);

    const summary = (await (await read(path(c.email), owner)).json()) as { counts: Record<string, number> };
    expect(summary.counts).toMatchObject({ signIns: 1, portalSessions: 1, tonerOrders: 1, orders: 2, readings: 1 });

    const res = await read(path(c.email.toUpperCase(), '/export'), owner);
    expect(res.status).toBe(200);
    const data = (await res.json()) as Record<string, Record<string, unknown>[]>;
    expect(data.portalSignIns).toEqual([expect.objectContaining({ email: c.email, used_at: expect.any(Number) })]);
    expect(data.portalSignIns?.[0]).not.toHaveProperty('token_hash');
    expect(data.portalSessions).toEqual([expect.objectContaining({ email: c.email, ip: '198.51.100.21' })]);
    expect(data.portalSessions?.[0]).not.toHaveProperty('id_hash');
    expect(data.tonerOrders).toEqual([
      expect.objectContaining({ order_no: tonerNo, ordered_by: c.email, note: expect.stringContaining('pani Ewa') }),
    ]);
    expect(data.meterReadings).toEqual([expect.objectContaining({ sent_by: `Strefa klienta <${c.email}>` })]);
    const subjects = data.emails?.map((e) => String(e.subject)) ?? [];
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Logowanie do strefy klienta/),
        expect.stringMatching(/^Odczyt licznika ODC-\d+ przyjęty$/),
        `Zamówienie tonera ${tonerNo}`,
        expect.stringMatching(/^Kod akceptacji/),
      ]),
    );
    // The team's e-mails about the toner order and the signed order name the customer too.
    expect(data.emails?.some((e) => e.recipient !== c.email && String(e.subject).includes(tonerNo))).toBe(true);
    expect(data.emails?.some((e) => e.reply_to === c.email && String(e.subject).includes('podpisane'))).toBe(true);
    const orders = data.orders ?? [];
    expect(orders.map((o) => o.id).sort()).toEqual([signed, begun].sort());
    expect(orders.find((o) => o.id === signed)).toMatchObject({
      status: 'signed',
      signer_phone: '+48 59 765 43 21',
      accepted_ip: expect.any(String),
      keptAfterErasure: SIGNED_ORDER_KEPT,
    });
    expect(orders.find((o) => o.id === begun)).not.toHaveProperty('keptAfterErasure');
    expect(orders[0]).not.toHaveProperty('code_hash');
    expect(data.consents).toEqual(
      expect.arrayContaining([expect.objectContaining({ form: 'order', orderId: signed, marketingConsent: true })]),
    );
    const events = data.webhookEvents ?? [];
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['toner.ordered', 'order.signed']));
  });

  it('erases them: nothing of the person is left but the signed order, kept as the contract’s evidence', async () => {
    const c = await customer();
    const other = await customer();
    await throughPortal(c);
    await throughPortal(other);
    const signed = await onlineOrder(c.email, true);
    const begun = await onlineOrder(c.email, false);
    expect(await portalTraces(c)).toBeGreaterThan(0);

    const res = await request(path(c.email), {
      method: 'DELETE',
      headers: { Cookie: owner, Origin: 'http://kserowo.test' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ erased: { signIns: 1, portalSessions: 1, tonerOrders: 1, orders: 2 } });

    expect(await portalTraces(c)).toBe(0);
    // Signed out: the session is gone.
    expect(await (await read('/konto', c.cookie)).text()).not.toContain('Wyloguj');
    // The toner order stays for the contract, without who ordered it and their note.
    expect(
      await db().prepare('SELECT ordered_by, note FROM toner_orders WHERE device_row = ?').bind(c.device).first(),
    ).toEqual({ ordered_by: ERASED_NAME, note: null });
    expect(await db().prepare('SELECT 1 FROM orders WHERE id = ?').bind(begun).first()).toBeNull();
    expect(
      await db()
        .prepare('SELECT status, signer_email, marketing_consent, code_hash, accepted_ip FROM orders WHERE id = ?')
        .bind(signed)
        .first(),
    ).toEqual({
      status: 'signed',
      signer_email: c.email,
      marketing_consent: 0,
      code_hash: null,
      accepted_ip: expect.any(String),
    });
    // What is kept is what the export says is kept; the other customer's data is as it was.
    const after = (await (await read(path(c.email), owner)).json()) as { counts: Record<string, number> };
    expect(after.counts).toMatchObject({ orders: 1, signIns: 0, portalSessions: 0, tonerOrders: 0, emails: 0 });
    expect(await (await read('/konto', other.cookie)).text()).toContain('Wyloguj');
    expect(await portalTraces(other)).toBeGreaterThan(0);
  });

  it('retention: sign-ins, sessions, toner orders, unsigned orders and confirmations past RETENTION_MONTHS go; young ones and signed orders stay', async () => {
    const old = await customer();
    const young = await customer();
    await throughPortal(old);
    await throughPortal(young);
    const oldSigned = await onlineOrder(old.email, true);
    const oldBegun = await onlineOrder(old.email, false);
    const youngBegun = await onlineOrder(young.email, false);
    const days = (n: number) => Date.now() - n * 86_400_000;
    const iso = (n: number) => new Date(days(n)).toISOString();
    const age = (email: string, n: number) =>
      db().batch([
        db().prepare('UPDATE portal_sign_ins SET created_at = ?2 WHERE email = ?1').bind(email, days(n)),
        db().prepare('UPDATE portal_sessions SET created_at = ?2 WHERE email = ?1').bind(email, days(n)),
        db().prepare('UPDATE toner_orders SET created_at = ?2 WHERE ordered_by = ?1').bind(email, iso(n)),
        db().prepare('UPDATE orders SET created_at = ?2 WHERE signer_email = ?1').bind(email, iso(n)),
        db()
          .prepare(
            'UPDATE outbox SET created_at = ?2 WHERE about IS NOT NULL AND (recipient = ?1 OR instr(body, ?1) > 0)',
          )
          .bind(email, iso(n)),
      ]);
    await age(old.email, 40);
    await age(young.email, 20);
    const standalone = (email: string) =>
      count(
        'SELECT COUNT(*) AS n FROM outbox WHERE about IS NOT NULL AND (recipient = ?1 OR instr(body, ?1) > 0)',
        email,
      );
    expect(await standalone(old.email)).toBeGreaterThanOrEqual(4);

    await cron({ ...testEnv, RETENTION_MONTHS: '1' });

    const left = (email: string) =>
      count(
        `SELECT (SELECT COUNT(*) FROM portal_sign_ins WHERE email = ?1) + (SELECT COUNT(*) FROM portal_sessions WHERE email = ?1)
          + (SELECT COUNT(*) FROM toner_orders WHERE ordered_by = ?1) AS n`,
        email,
      );
    expect(await left(old.email)).toBe(0);
    expect(await standalone(old.email)).toBe(0);
    expect(await db().prepare('SELECT 1 FROM orders WHERE id = ?').bind(oldBegun).first()).toBeNull();
    expect(await db().prepare('SELECT status FROM orders WHERE id = ?').bind(oldSigned).first()).toEqual({
      status: 'signed',
    });
    expect(
      await db().prepare('SELECT ordered_by FROM toner_orders WHERE device_row = ?').bind(old.device).first(),
    ).toEqual({ ordered_by: ERASED_NAME });
    // The young customer's, 20 days old, stay: still signed in. (A sign-in itself lives a day:
    // the portal's own tidy-up in the same cron takes it, whatever the period.)
    expect(await left(young.email)).toBe(2);
    expect(await standalone(young.email)).toBeGreaterThanOrEqual(4);
    expect(await db().prepare('SELECT 1 AS n FROM orders WHERE id = ?').bind(youngBegun).first()).toEqual({ n: 1 });
    expect(await (await read('/konto', young.cookie)).text()).toContain('Wyloguj');
  });
});
