// Each person added costs two PBKDF2 hashes of 100,000 rounds: slow on a shared machine, hence the timeouts.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';
import { businessHoursBetween } from '../admin-shared/business-hours.ts';
import { countResponseStatements, uncountResponseStatement } from './model-lead-response-days.ts';

/** Rewrites a stored lead as older data would have it, its response-time counters kept as the model keeps them. */
async function backdate(id: string, sql: string): Promise<void> {
  await env.DB.batch([
    uncountResponseStatement(env.DB, id),
    env.DB.prepare(sql).bind(id),
    ...countResponseStatements(env.DB, id),
  ]);
}

async function newLead(name: string, attribution: Record<string, string> = {}): Promise<string> {
  const res = await write('/api/send-contact-email', {
    name,
    email: 'klient@example.pl',
    submissionId: crypto.randomUUID(),
    attribution,
  });
  return ((await res.json()) as { id: string }).id;
}

describe('lead ownership and response time', { timeout: 30_000 }, () => {
  it('a sales person takes a lead; the owner gives one to them and they get an e-mail', async () => {
    const sales = await personWithSession('sales');
    const owner = await login('198.18.20.1');
    const taken = await newLead('Firma Pierwsza');
    const res = await write(`/api/admin/leads/${taken}/take`, {}, { cookie: sales.cookie });
    expect(res.status).toBe(200);
    const lead = (await (await read(`/api/admin/leads/${taken}`, sales.cookie)).json()) as {
      lead: { assignedTo: number };
    };
    expect(lead.lead.assignedTo).toBe(sales.id);

    const given = await newLead('Firma Druga');
    const assigned = await write(`/api/admin/leads/${given}/assign`, { accountId: sales.id }, { cookie: owner });
    expect(await assigned.json()).toMatchObject({ ok: true, assignedTo: sales.id, emailed: true });
    const mail = await env.DB.prepare('SELECT recipient, subject, body FROM outbox WHERE lead_id = ? AND recipient = ?')
      .bind(given, sales.email)
      .first<{ subject: string; body: string }>();
    expect(mail?.subject).toBe('Przypisano Ci lead w panelu Kserowo');
    expect(mail?.body).toContain('Firma Druga');
    // A service account or a disabled one cannot be given leads.
    const service = await personWithSession('service');
    const refused = await write(`/api/admin/leads/${given}/assign`, { accountId: service.id }, { cookie: owner });
    expect(refused.status).toBe(400);
  });

  it('the first status change is the first response, timed in business hours, shown per person, source and month', async () => {
    const sales = await personWithSession('sales');
    const id = await newLead('Firma Trzecia', { partner: 'drukarnia-abc' });
    await write(`/api/admin/leads/${id}/take`, {}, { cookie: sales.cookie });
    // Received on Monday 2026-03-02 09:00 Warsaw, answered now: months of business hours.
    await backdate(id, "UPDATE leads SET created_at = '2026-03-02T08:00:00.000Z' WHERE id = ?");
    expect(
      (await write(`/api/admin/leads/${id}`, { status: 'contacted' }, { cookie: sales.cookie, method: 'PATCH' }))
        .status,
    ).toBe(200);
    const stamped = await env.DB.prepare('SELECT first_response_at, response_hours FROM leads WHERE id = ?')
      .bind(id)
      .first<{ first_response_at: string; response_hours: number }>();
    expect(stamped?.first_response_at).toBeTruthy();
    // Stored when the answer happened: the business hours from Monday 09:00 to now.
    expect(stamped?.response_hours).toBeCloseTo(
      businessHoursBetween(new Date('2026-03-02T08:00:00.000Z'), new Date(stamped?.first_response_at ?? 0)),
      6,
    );
    // A lead answered before the hours were stored: the statistics time it from its stamps
    // (half an hour after it came: within the first-answer promise of one business hour).
    const older = await newLead('Firma Czwarta', { partner: 'drukarnia-abc' });
    await write(`/api/admin/leads/${older}/take`, {}, { cookie: sales.cookie });
    await backdate(
      older,
      `UPDATE leads SET created_at = '2026-03-02T08:00:00.000Z', first_response_at = '2026-03-02T08:30:00.000Z',
         response_hours = NULL WHERE id = ?`,
    );
    // A later change does not move the first response.
    await write(`/api/admin/leads/${id}`, { notes: 'oddzwonić' }, { cookie: sales.cookie, method: 'PATCH' });
    await write(`/api/admin/leads/${older}`, { notes: 'oddzwonić' }, { cookie: sales.cookie, method: 'PATCH' });
    const res = await read('/api/admin/stats/response?from=2026-03-01&to=2026-03-31', sales.cookie);
    const stats = (await res.json()) as {
      byMonth: { key: string; share: number; medianHours: number }[];
      byPerson: { key: string; share: number; medianHours: number }[];
      bySource: { key: string; leads: number }[];
    };
    // One answered within half an hour, one months later: half within the promise, the median
    // between (to the tenth of an hour the panel shows).
    const median = (0.5 + (stamped?.response_hours ?? 0)) / 2;
    expect(stats.byMonth).toEqual([expect.objectContaining({ key: '2026-03', share: 0.5 })]);
    expect(stats.byMonth[0]?.medianHours).toBeCloseTo(median, 1);
    expect(stats.byPerson).toEqual([expect.objectContaining({ key: expect.stringMatching(/^Osoba/) })]);
    expect(stats.byPerson[0]?.medianHours).toBeCloseTo(median, 1);
    expect(stats.bySource).toEqual([expect.objectContaining({ key: 'partner: drukarnia-abc', leads: 2 })]);
  });
});
