// Helpers for the contract and billing tests: contracts signed through the admin API,
// readings through a device's link and by the team, months relative to today (Warsaw).
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { monthBounds } from '../../widgets/core/meter.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { read, request, write } from './admin-helpers.ts';

export const db = () => (env as unknown as Env).DB;

/** 'YYYY-MM' of the month `offset` months from this one (Warsaw): -1 is last month. */
export function month(offset: number): string {
  const [y, m] = warsawToday().split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
export const lastDay = (period: string): string => monthBounds(period).to;
export const dayOf = (period: string, day: number): string => `${period}-${String(day).padStart(2, '0')}`;

/** Signs a one-device contract through the admin API; answers its id and number. */
export async function sign(
  cookie: string,
  device: { serial: string; deviceId: string; level: string },
  over: Record<string, unknown> = {},
): Promise<{ id: string; number: string }> {
  const res = await write(
    '/api/admin/contracts',
    {
      company: `Firma ${device.serial}`,
      nip: null,
      billingEmail: `faktury-${device.serial.toLowerCase()}@firma.pl`,
      startDate: `${month(-6)}-01`,
      termMonths: 36,
      devices: [device],
      ...over,
    },
    { cookie },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; number: string };
}

export async function tokenOf(serial: string): Promise<string> {
  const row = await db()
    .prepare('SELECT reading_token FROM devices WHERE serial = ?')
    .bind(serial)
    .first<{ reading_token: string }>();
  return row?.reading_token ?? '';
}

/** A customer's reading through the device's link. */
export function linkReading(token: string, r: Record<string, unknown>) {
  return request('/api/meter-readings', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.9' },
    body: JSON.stringify({
      t: token,
      name: 'Jan Klient',
      email: 'jan@firma.pl',
      submissionId: crypto.randomUUID(),
      ...r,
    }),
  });
}

/** The team's reading; expects 201. */
export async function teamReading(cookie: string, serial: string, readOn: string, mono: number, color: number | null) {
  const res = await write('/api/admin/readings', { serial, readOn, mono, color, confirm: true }, { cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The billing export of a month, as the invoicing program gets it. */
export const billingCsv = async (cookie: string, period: string) =>
  (await read(`/api/admin/readings/billing?period=${period}`, cookie)).text();
export const customersCsv = async (cookie: string, period: string) =>
  (await read(`/api/admin/readings/billing?period=${period}&summary=customers`, cookie)).text();
export const billJson = async (cookie: string, contractId: string, period: string) =>
  (await read(`/api/admin/contracts/${contractId}/bill?period=${period}`, cookie)).text();
