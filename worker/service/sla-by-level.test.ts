// The response a fault report is promised follows the device's package, stated here as the
// offer states it: Premium 4 working hours, Basic and Business 24 (the standard response),
// a serial missing from the registry 24 as well. Only Premium carries the SLA.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessHoursBetween } from '../admin-shared/business-hours.ts';
import { login, request, write } from '../../tests/worker/admin-helpers.ts';

const db = () => (env as unknown as Env).DB;

/** A fault report of `serial` through the public form's API; answers the ticket's id. */
async function report(serial: string): Promise<string> {
  const res = await request('/api/service-requests', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.61' },
    body: JSON.stringify({
      serial,
      category: 'paper',
      description: 'Papier zacina się w podajniku 2.',
      name: 'Anna Nowak',
      email: 'anna@firma.pl',
      phone: '600 100 200',
      submissionId: crypto.randomUUID(),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

beforeAll(async () => {
  const cookie = await login('203.0.113.61', 'Marek');
  const csv = [
    'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
    'SLABASIC01;bizhub 227;Basic;2025-06-01;24;Biuro Basic;;;;Słupsk',
    'SLABUSINESS01;km-c258;Business;2025-06-01;24;Kancelaria Business;;;;Słupsk',
    'SLAPREMIUM01;C3320i;Premium;2025-06-01;36;Firma Premium;;;;Słupsk',
  ].join('\r\n');
  const res = await write('/api/admin/devices/import', { csv }, { cookie, ip: '203.0.113.61' });
  expect(await res.json()).toMatchObject({ ok: true, imported: 3 });
});

describe('the response promised to a fault report, by the device’s package', () => {
  it.each([
    ['SLABASIC01', 'Basic', 24],
    ['SLABUSINESS01', 'Business', 24],
    ['SLAPREMIUM01', 'Premium', 4],
    ['SLANIEZNANY01', 'a serial outside the registry', 24],
  ])('%s (%s): %i working hours, in the ticket, its deadline and the team’s e-mail', async (serial, _level, hours) => {
    const id = await report(serial);
    const ticket = await db()
      .prepare('SELECT sla_hours, created_at, due_at FROM service_tickets WHERE id = ?')
      .bind(id)
      .first<{ sla_hours: number; created_at: string; due_at: string }>();
    expect(ticket?.sla_hours).toBe(hours);
    expect(businessHoursBetween(new Date(String(ticket?.created_at)), new Date(String(ticket?.due_at)))).toBeCloseTo(
      hours,
      6,
    );
    const mail = await db()
      .prepare("SELECT body FROM outbox WHERE ticket_id = ? AND subject LIKE 'Zgłoszenie serwisowe%'")
      .bind(id)
      .first<{ body: string }>();
    expect(mail?.body).toContain(`Termin reakcji (SLA): ${hours} h robocze – do `);
  });
});
