// The sales team's working day: 'Moje leady', stages and next steps, the notes history, the
// first-answer promise and its alerts, the morning digest, the takeover e-mail, the CSV in
// Warsaw time, the new signed webhook events, and who may erase a lead.
// Each person added costs two PBKDF2 hashes of 100,000 rounds: slow on a shared machine, hence the timeouts.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstAnswerDeadline } from '../admin-shared/pipeline.ts';
import { ROLES, rolesOfRequest } from '../admin-shared/roles.ts';
import { app } from '../app.ts';
import { digestsAt, sendFirstAnswerAlerts, sendMorningDigest } from './sales-clock.ts';
import { personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';

const db = () => (env as unknown as Env).DB;
const workerEnv = () => env as unknown as Env;

async function newLead(name: string): Promise<string> {
  const res = await write('/api/send-contact-email', {
    name,
    email: 'klient@example.pl',
    phone: '+48 600 100 200',
    submissionId: crypto.randomUUID(),
  });
  return ((await res.json()) as { id: string }).id;
}

const patch = (id: string, body: unknown, cookie: string) =>
  write(`/api/admin/leads/${id}`, body, { cookie, method: 'PATCH' });

interface Detail {
  lead: {
    stage: string;
    status: string;
    lostReason: string | null;
    nextStep: { kind: string; dueAt: string } | null;
    owner: { id: number; name: string } | null;
    firstResponseAt: string | null;
    firstAnswerDueAt: string | null;
  };
  notes: { author: string; text: string; createdAt: string }[];
  notifications: { recipient: string; subject: string; body: string }[];
}
const detail = async (id: string, cookie: string) =>
  (await (await read(`/api/admin/leads/${id}`, cookie)).json()) as Detail;

const outboxTo = (recipient: string) =>
  db()
    .prepare('SELECT subject, body, lead_id, account_id FROM outbox WHERE recipient = ? ORDER BY id')
    .bind(recipient)
    .all<{ subject: string; body: string; lead_id: string | null; account_id: number | null }>()
    .then((r) => r.results);

afterEach(() => vi.restoreAllMocks());

describe('roles of the pipeline routes (enumerated from the router)', { timeout: 60_000 }, () => {
  const NEW_ROUTES = /^\/api\/admin\/(leads\/:id\/notes|leads\/:id|webhooks\/alerts)$/;
  it('gives each role exactly what rolesOfRequest gives it, and sales cannot erase a lead', async () => {
    const routes = [
      ...new Map(
        app.routes
          .filter((r) => r.method !== 'ALL' && NEW_ROUTES.test(r.path))
          .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path.replace(':id', 'nie-ma-takiego') }]),
      ).values(),
    ];
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/admin/leads/nie-ma-takiego/notes',
        'PATCH /api/admin/leads/nie-ma-takiego',
        'DELETE /api/admin/leads/nie-ma-takiego',
        'GET /api/admin/webhooks/alerts',
      ]),
    );
    for (const role of ROLES) {
      const { cookie } = await personWithSession(role);
      for (const route of routes) {
        const res = await write(route.path, route.method === 'GET' ? undefined : {}, { cookie, method: route.method });
        const label = `${role} ${route.method} ${route.path} → ${res.status}`;
        if (rolesOfRequest(route.method, route.path).includes(role))
          expect([401, 403], label).not.toContain(res.status);
        else expect(res.status, label).toBe(403);
      }
    }
  });

  it('a sales person gets 403 on DELETE, with what to do instead; the lead stays; the owner may erase it', async () => {
    const sales = await personWithSession('sales');
    const id = await newLead('Firma Do Usunięcia');
    const res = await write(`/api/admin/leads/${id}`, undefined, { cookie: sales.cookie, method: 'DELETE' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/tylko właściciel.*przegrany lub spam/);
    expect((await read(`/api/admin/leads/${id}`, sales.cookie)).status).toBe(200);
    // Closing as spam is theirs to do.
    expect((await patch(id, { stage: 'lost', lostReason: 'spam' }, sales.cookie)).status).toBe(200);
    expect((await detail(id, sales.cookie)).lead).toMatchObject({ stage: 'lost', status: 'spam' });
    const owner = await login('198.18.27.1');
    expect((await write(`/api/admin/leads/${id}`, undefined, { cookie: owner, method: 'DELETE' })).status).toBe(200);
  });
});

describe("'Moje leady': stage, next step, notes", { timeout: 60_000 }, () => {
  it('lists only my leads; PATCH takes {stage, nextStep: {kind, dueAt}} and the detail returns them', async () => {
    const ala = await personWithSession('sales');
    const bob = await personWithSession('sales');
    const mine = await newLead('Moja Firma');
    const theirs = await newLead('Cudza Firma');
    await write(`/api/admin/leads/${mine}/take`, {}, { cookie: ala.cookie });
    await write(`/api/admin/leads/${theirs}/take`, {}, { cookie: bob.cookie });
    const list = (await (await read('/api/admin/leads?owner=me', ala.cookie)).json()) as {
      leads: { id: string; owner: { id: number } }[];
    };
    expect(list.leads.map((l) => l.id)).toContain(mine);
    expect(list.leads.every((l) => l.owner.id === ala.id)).toBe(true);

    // A step set to a time already past is a question first: nothing is stored until it is confirmed.
    const work = { stage: 'offer_sent', nextStep: { kind: 'telefon', dueAt: '2026-03-02T09:30:00+01:00' } };
    const asked = await patch(mine, work, ala.cookie);
    expect(asked.status).toBe(422);
    expect(await asked.json()).toEqual({
      error:
        'Termin kolejnego kroku (2026-03-02 09:30) już minął. Sprawdź datę albo potwierdź, że krok ma być od razu zaległy.',
      field: 'nextStep.dueAt',
      confirm: true,
    });
    expect((await detail(mine, ala.cookie)).lead).toMatchObject({ stage: 'new', nextStep: null });
    const res = await patch(mine, { ...work, confirmPast: true }, ala.cookie);
    expect(res.status).toBe(200);
    // The overdue step kept as it is saves with another change without asking again.
    expect((await patch(mine, { ...work, stage: 'negotiation' }, ala.cookie)).status).toBe(200);
    expect((await patch(mine, { ...work }, ala.cookie)).status).toBe(200);
    const d = await detail(mine, ala.cookie);
    expect(d.lead).toMatchObject({
      stage: 'offer_sent',
      status: 'contacted',
      nextStep: { kind: 'telefon', dueAt: '2026-03-02T08:30:00.000Z' },
      owner: { id: ala.id },
    });
    expect(d.lead.firstResponseAt).toBeTruthy();
    // The step is long overdue: the overdue filter shows it; the stage filter too.
    const overdue = (await (await read('/api/admin/leads?owner=me&overdue=1', ala.cookie)).json()) as {
      leads: { id: string }[];
    };
    expect(overdue.leads.map((l) => l.id)).toEqual([mine]);
    const byStage = (await (await read('/api/admin/leads?stage=oferta%20wys%C5%82ana', ala.cookie)).json()) as {
      leads: { id: string }[];
    };
    expect(byStage.leads.map((l) => l.id)).toContain(mine);
    expect(byStage.leads.map((l) => l.id)).not.toContain(theirs);

    // Notes are a history with who and when, not one field.
    await write(
      `/api/admin/leads/${mine}/notes`,
      { text: 'Dzwoniłam, prosi o ofertę na 2 urządzenia.' },
      { cookie: ala.cookie },
    );
    await write(`/api/admin/leads/${mine}/notes`, { text: 'Oferta wysłana mailem.' }, { cookie: ala.cookie });
    const notes = (await detail(mine, ala.cookie)).notes;
    expect(notes.map((n) => n.text)).toEqual(['Dzwoniłam, prosi o ofertę na 2 urządzenia.', 'Oferta wysłana mailem.']);
    expect(notes.every((n) => n.author.startsWith('Osoba') && n.createdAt)).toBe(true);

    // Lost: a reason from the list is required; a closed lead has no next step.
    expect((await patch(mine, { stage: 'lost' }, ala.cookie)).status).toBe(400);
    expect((await patch(mine, { stage: 'lost', lostReason: 'cena', lostNote: 'Za drogo' }, ala.cookie)).status).toBe(
      200,
    );
    expect((await detail(mine, ala.cookie)).lead).toMatchObject({
      stage: 'lost',
      lostReason: 'cena',
      nextStep: null,
    });
    const refused = await patch(mine, { nextStep: { kind: 'e-mail', dueAt: '2026-04-01T10:00:00Z' } }, ala.cookie);
    expect(refused.status).toBe(422);
  });

  it('refuses bad input with Polish messages, never a 5xx', async () => {
    const owner = await login('198.18.27.2');
    const id = await newLead('Firma Walidacja');
    for (const body of [
      { stage: 'zamrożony' },
      { nextStep: { kind: 'fax', dueAt: '2026-03-02T09:00:00Z' } },
      { nextStep: { kind: 'telefon', dueAt: 'jutro' } },
      { nextStep: { kind: 'telefon', dueAt: 17 } },
      { nextStep: 'telefon' },
      { stage: 'lost', lostReason: 'humor' },
      {},
    ]) {
      const res = await patch(id, body, owner);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/[ąćęłńóśźż]|Podaj|Nieprawidłow/);
    }
    for (const body of [{ text: '' }, { text: 5 }, { text: 'x'.repeat(2001) }])
      expect((await write(`/api/admin/leads/${id}/notes`, body, { cookie: owner })).status).toBe(400);
    expect((await read('/api/admin/leads?owner=ktoś', owner)).status).toBe(400);
    expect((await read('/api/admin/leads?overdue=tak', owner)).status).toBe(400);
  });
});

describe('the notes history and privacy', { timeout: 60_000 }, () => {
  it('a person’s export carries the notes on their leads; erasure takes them away', async () => {
    const owner = await login('198.18.27.7');
    const email = `notatki-${Date.now()}@example.pl`;
    const res = await write('/api/send-contact-email', {
      name: 'Pani Notatka',
      email,
      submissionId: crypto.randomUUID(),
    });
    const { id } = (await res.json()) as { id: string };
    await write(`/api/admin/leads/${id}/notes`, { text: 'Prosi o kontakt po 15:00.' }, { cookie: owner });
    const exported = (await (await read(`/api/admin/privacy/${encodeURIComponent(email)}/export`, owner)).json()) as {
      leadNotes: { lead_id: string; body: string; author: string }[];
    };
    expect(exported.leadNotes).toEqual([expect.objectContaining({ lead_id: id, body: 'Prosi o kontakt po 15:00.' })]);
    const erased = await write(`/api/admin/privacy/${encodeURIComponent(email)}`, undefined, {
      cookie: owner,
      method: 'DELETE',
    });
    expect(erased.status).toBe(200);
    const left = await db()
      .prepare('SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe('taking over a colleague’s lead', { timeout: 60_000 }, () => {
  it('e-mails the colleague, is in the audit log by the people’s names, and fires lead.assigned', async () => {
    const owner = await login('198.18.27.3');
    const ala = await personWithSession('sales');
    const bob = await personWithSession('sales');
    const id = await newLead('Firma Przejęta');
    expect((await write(`/api/admin/leads/${id}/assign`, { accountId: ala.id }, { cookie: owner })).status).toBe(200);
    const taken = (await (await write(`/api/admin/leads/${id}/take`, {}, { cookie: bob.cookie })).json()) as {
      colleagueEmailed: boolean;
    };
    expect(taken.colleagueEmailed).toBe(true);
    const mails = await outboxTo(ala.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Przypisano Ci lead w panelu Kserowo',
      'Twój lead przejęła inna osoba w panelu Kserowo',
    ]);
    expect(mails[1]?.body).toContain('Firma Przejęta');
    // Times in the e-mails are Warsaw time, never UTC.
    expect(mails[0]?.body).toMatch(/Otrzymano: \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/m);
    expect(mails.map((m) => m.body).join('\n')).not.toMatch(/UTC/);
    const audit = await db()
      .prepare("SELECT target, details FROM audit_log WHERE action = 'leads.take' AND target = ? ORDER BY id DESC")
      .bind(id)
      .first<{ details: string }>();
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({
      assignee: { from: expect.stringMatching(/^Osoba/), to: expect.stringMatching(/^Osoba/) },
      takeover: true,
    });
  });
});

describe('the first-answer promise', { timeout: 60_000 }, () => {
  it('is one business hour, counted over a weekend and a public holiday', () => {
    // Friday 2026-11-06 15:30 Warsaw (CET): half an hour on Friday, half on Monday.
    expect(firstAnswerDeadline(new Date('2026-11-06T14:30:00Z')).toISOString()).toBe('2026-11-09T07:30:00.000Z');
    // Saturday evening: from Monday's opening.
    expect(firstAnswerDeadline(new Date('2026-11-07T19:00:00Z')).toISOString()).toBe('2026-11-09T08:00:00.000Z');
    // Tuesday 2026-11-10 15:45; Wednesday 11 November is a holiday: Thursday 08:45.
    expect(firstAnswerDeadline(new Date('2026-11-10T14:45:00Z')).toISOString()).toBe('2026-11-12T07:45:00.000Z');
  });

  it('a new lead carries its deadline; when it passes the owner is told, then the managers, once each', async () => {
    const ownerAccount = await personWithSession('owner');
    const sales = await personWithSession('sales');
    const id = await newLead('Firma Czekająca');
    const fresh = await detail(id, sales.cookie);
    expect(Date.parse(fresh.lead.firstAnswerDueAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    await write(`/api/admin/leads/${id}/take`, {}, { cookie: sales.cookie });
    // Arrived Friday 15:30, due Monday 08:30 Warsaw.
    await db()
      .prepare("UPDATE leads SET created_at = '2026-11-06T14:30:00.000Z', first_answer_due_at = ? WHERE id = ?")
      .bind(firstAnswerDeadline(new Date('2026-11-06T14:30:00Z')).toISOString(), id)
      .run();
    const e = workerEnv();
    // Monday 08:20: not yet.
    await sendFirstAnswerAlerts(e, new Date('2026-11-09T07:20:00Z'));
    expect(await outboxTo(sales.email)).toHaveLength(0);
    // Monday 08:35: the owner of the lead, once.
    await sendFirstAnswerAlerts(e, new Date('2026-11-09T07:35:00Z'));
    await sendFirstAnswerAlerts(e, new Date('2026-11-09T07:40:00Z'));
    const toSales = (await outboxTo(sales.email)).filter((m) => m.subject.startsWith('Minął czas'));
    expect(toSales).toHaveLength(1);
    expect(toSales[0]?.body).toContain('Pierwsza odpowiedź do: 2026-11-09 08:30');
    expect((await outboxTo(ownerAccount.email)).filter((m) => m.lead_id === id)).toHaveLength(0);
    // One more promise later (09:30) the managers, once.
    await sendFirstAnswerAlerts(e, new Date('2026-11-09T08:31:00Z'));
    await sendFirstAnswerAlerts(e, new Date('2026-11-09T09:00:00Z'));
    const toManager = (await outboxTo(ownerAccount.email)).filter((m) => m.lead_id === id);
    expect(toManager.map((m) => m.subject)).toEqual(['Lead bez pierwszej odpowiedzi: potrzebna decyzja']);
    expect(toManager[0]?.body).toMatch(/Prowadzi: Osoba/);
  });

  it('an answered lead raises no alert', async () => {
    const sales = await personWithSession('sales');
    const id = await newLead('Firma Obsłużona');
    await write(`/api/admin/leads/${id}/take`, {}, { cookie: sales.cookie });
    await patch(id, { stage: 'contacted' }, sales.cookie);
    await db().prepare("UPDATE leads SET first_answer_due_at = '2026-01-05T08:00:00.000Z' WHERE id = ?").bind(id).run();
    await sendFirstAnswerAlerts(workerEnv(), new Date('2026-11-09T12:00:00Z'));
    expect((await outboxTo(sales.email)).filter((m) => m.subject.startsWith('Minął'))).toHaveLength(0);
  });
});

describe('the morning digest', { timeout: 60_000 }, () => {
  it('picks exactly the overdue and today’s steps of each person, and goes out once, on working days from 08:00', async () => {
    const ala = await personWithSession('sales');
    const bob = await personWithSession('sales');
    const step = async (name: string, who: { cookie: string }, dueAt: string, close = false) => {
      const id = await newLead(name);
      await write(`/api/admin/leads/${id}/take`, {}, { cookie: who.cookie });
      await patch(id, { nextStep: { kind: 'telefon', dueAt }, confirmPast: true }, who.cookie);
      if (close) await db().prepare("UPDATE leads SET stage = 'won' WHERE id = ?").bind(id).run();
      return id;
    };
    // Thursday 2026-12-03, 08:00 Warsaw (CET, UTC+1).
    const now = new Date('2026-12-03T07:00:00Z');
    const overdueYesterday = await step('Zaległy Wczoraj', ala, '2026-12-02T13:00:00Z');
    const overdueEarly = await step('Zaległy Rano', ala, '2026-12-03T06:30:00Z');
    const today = await step('Dziś Południe', ala, '2026-12-03T11:00:00Z');
    const lateToday = await step('Dziś Wieczór', ala, '2026-12-03T22:59:00Z');
    await step('Jutro', ala, '2026-12-03T23:00:00Z');
    await step('Zamknięty', ala, '2026-12-01T09:00:00Z', true);
    const bobs = await step('Boba', bob, '2026-12-03T09:00:00Z');
    const digests = await digestsAt(db(), now);
    const of = (id: number) => digests.find((d) => d.accountId === id);
    // Other tests' leads may belong to other people; these two people have only these.
    expect(of(ala.id)?.overdue.map((s) => s.id)).toEqual([overdueYesterday, overdueEarly]);
    expect(of(ala.id)?.today.map((s) => s.id)).toEqual([today, lateToday]);
    expect(of(bob.id)?.overdue).toEqual([]);
    expect(of(bob.id)?.today.map((s) => s.id)).toEqual([bobs]);
    expect(of(ala.id)?.mail.body).toContain('2026-12-02 14:00 · telefon · Zaległy Wczoraj');
    expect(of(ala.id)?.mail.subject).toBe('Twoje kroki na 2026-12-03: zaległe 2, na dziś 2');

    const e = workerEnv();
    // Saturday, a holiday (Thursday 24 December 2026) and 07:55 send nothing.
    expect(await sendMorningDigest(e, new Date('2026-12-05T08:00:00Z'))).toBe(0);
    expect(await sendMorningDigest(e, new Date('2026-12-24T08:00:00Z'))).toBe(0);
    expect(await sendMorningDigest(e, new Date('2026-12-03T06:55:00Z'))).toBe(0);
    expect(await sendMorningDigest(e, now)).toBeGreaterThanOrEqual(2);
    expect(await sendMorningDigest(e, new Date('2026-12-03T07:05:00Z'))).toBe(0);
    const mails = (await outboxTo(ala.email)).filter((m) => m.subject.startsWith('Twoje kroki'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.account_id).toBe(ala.id);
  });
});

describe('the leads CSV', { timeout: 60_000 }, () => {
  it('writes times in Warsaw time across both DST changes, with Polish values, the owner, stage, next step', async () => {
    const owner = await login('198.18.27.4');
    const sales = await personWithSession('sales');
    const cases: [string, string][] = [
      // Last Sunday of March 2026: 02:00 CET becomes 03:00 CEST.
      ['2026-03-29T00:30:00.000Z', '2026-03-29 01:30'],
      ['2026-03-29T01:30:00.000Z', '2026-03-29 03:30'],
      // Last Sunday of October 2026: 03:00 CEST becomes 02:00 CET (02:30 twice).
      ['2026-10-25T00:30:00.000Z', '2026-10-25 02:30'],
      ['2026-10-25T01:30:00.000Z', '2026-10-25 02:30'],
      ['2026-10-25T02:30:00.000Z', '2026-10-25 03:30'],
    ];
    const ids: string[] = [];
    for (const [iso] of cases) {
      const id = await newLead(`Firma DST ${ids.length + 1}`);
      await write(`/api/admin/leads/${id}/take`, {}, { cookie: sales.cookie });
      await patch(
        id,
        { stage: 'negotiation', nextStep: { kind: 'spotkanie', dueAt: iso }, confirmPast: true },
        sales.cookie,
      );
      await db().prepare('UPDATE leads SET created_at = ? WHERE id = ?').bind(iso, id).run();
      ids.push(id);
    }
    const text = await (await read('/api/admin/leads.csv?from=2026-03-28&to=2026-10-26', owner)).text();
    const rows = text.split('\r\n').map((line) => line.split(';').map((cell) => cell.replace(/^"|"$/g, '')));
    const header = rows[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    cases.forEach(([, warsaw], i) => {
      const row = rows.find((r) => r.at(-1) === ids[i]);
      expect(row?.[col('Data (czas warszawski)')], ids[i]).toBe(warsaw);
      expect(row?.[col('Termin kolejnego kroku (czas warszawski)')]).toBe(warsaw);
      expect(row?.[col('Etap')]).toBe('negocjacje');
      expect(row?.[col('Kolejny krok')]).toBe('spotkanie');
      expect(row?.[col('Prowadzi')]).toMatch(/^Osoba/);
      expect(row?.[col('Rodzaj')]).toBe('kontakt');
      expect(row?.[col('Czas pierwszej odpowiedzi (h robocze)')]).toMatch(/^\d+(,\d)?$/);
    });
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });
});

/** What a receiver does (docs/webhooks.md "The signature"): recompute the HMAC of "<t>.<raw body>" and compare. */
async function verify(secret: string, header: string, rawBody: string) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(`${parts.t}.${rawBody}`)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('') === parts.v1;
}

describe('webhooks for the CRM', { timeout: 60_000 }, () => {
  it('lead.assigned and lead.stage_changed carry the owner and arrive signed; lead.assigned is offered', async () => {
    const owner = await login('198.18.27.5');
    const offered = (await (await read('/api/admin/webhooks', owner)).json()) as { events: string[] };
    expect(offered.events).toEqual(expect.arrayContaining(['lead.assigned', 'lead.stage_changed']));
    const created = await write(
      '/api/admin/webhooks',
      { url: 'http://127.0.0.1:8819/crm', events: ['lead.assigned', 'lead.stage_changed', 'lead.created'] },
      { cookie: owner },
    );
    const endpoint = ((await created.json()) as { endpoint: { id: number; secret: string } }).endpoint;
    const received: { signature: string; body: string }[] = [];
    const original = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith('http://127.0.0.1:8819/')) return original(input, init);
      received.push({ signature: new Headers(init?.headers).get('Kserowo-Signature') ?? '', body: String(init?.body) });
      return new Response('ok');
    });
    const sales = await personWithSession('sales');
    const id = await newLead('Firma Webhook');
    await write(`/api/admin/leads/${id}/assign`, { accountId: sales.id }, { cookie: owner });
    await patch(id, { stage: 'offer_sent' }, sales.cookie);
    const types = ['lead.created', 'lead.assigned', 'lead.stage_changed'];
    for (let i = 0; i < 100; i++) {
      const seen = received.map((r) => JSON.parse(r.body) as { type: string; data: { id: string } });
      if (types.every((t) => seen.some((e) => e.type === t && e.data.id === id))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const events = received
      .map((r) => ({ ...r, event: JSON.parse(r.body) as { type: string; data: Record<string, unknown> } }))
      .filter((r) => r.event.data.id === id);
    for (const r of events) expect(await verify(endpoint.secret, r.signature, r.body), r.event.type).toBe(true);
    const byType = Object.fromEntries(events.map((r) => [r.event.type, r.event.data]));
    expect(byType['lead.created']).toMatchObject({ id, owner: null, stage: 'new', stageLabel: 'nowy' });
    expect(byType['lead.assigned']).toMatchObject({
      id,
      owner: { id: sales.id, email: sales.email },
      previousOwner: null,
    });
    expect(byType['lead.stage_changed']).toMatchObject({
      id,
      stage: 'offer_sent',
      stageLabel: 'oferta wysłana',
      status: 'contacted',
      statusLabel: 'w kontakcie',
      previousStage: 'new',
      previousStageLabel: 'nowy',
      owner: { id: sales.id, email: sales.email },
    });
  });

  it('a dead delivery shows in the header’s alert', async () => {
    const owner = await login('198.18.27.6');
    const before = ((await (await read('/api/admin/webhooks/alerts', owner)).json()) as { dead: number }).dead;
    const endpointId = (
      (await (
        await write('/api/admin/webhooks', { url: 'http://127.0.0.1:9/x', events: ['lead.created'] }, { cookie: owner })
      ).json()) as { endpoint: { id: number } }
    ).endpoint.id;
    await newLead('Firma Martwy Webhook');
    await db().prepare("UPDATE webhook_deliveries SET state = 'dead' WHERE endpoint_id = ?").bind(endpointId).run();
    const after = ((await (await read('/api/admin/webhooks/alerts', owner)).json()) as { dead: number }).dead;
    expect(after).toBe(before + 1);
  });
});
