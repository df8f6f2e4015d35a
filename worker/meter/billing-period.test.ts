// A month's bill counts the pages printed in that month: from the last reading before the
// month to the last one in it, never from the device's first reading ever. Checked through the
// billing export the team uses (GET /api/admin/readings/billing), so it holds whatever computes it.
import { beforeAll, describe, expect, it } from 'vitest';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';

let cookie = '';
const SERIAL = 'BILL0001';

/** 'YYYY-MM' of the month `back` months before this one. */
const monthBefore = (back: number): string => {
  const [y, m] = warsawToday().split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 7);
};
const lastDay = (month: string): string =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

beforeAll(async () => {
  cookie = await login('203.0.113.91', 'Ewa');
  const csv = [
    'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
    `${SERIAL};bizhub 227;Basic;2025-01-01;36;Biuro Rachunkowe;;;;Słupsk`,
  ].join('\r\n');
  expect((await write('/api/admin/devices/import', { csv }, { cookie })).status).toBe(200);
  const reading = async (readOn: string, mono: number) =>
    expect(
      (await write('/api/admin/readings', { serial: SERIAL, readOn, mono, confirm: true }, { cookie })).status,
    ).toBe(201);
  // The first reading ever, two months before the billed month; the last one before it; one inside it.
  await reading(`${monthBefore(3)}-15`, 10_000);
  await reading(lastDay(monthBefore(2)), 11_000);
  await reading(`${monthBefore(1)}-20`, 13_000);
});

describe("a month's overage bill", () => {
  it('counts from the last reading before the month, not from the first reading ever', async () => {
    const period = monthBefore(1);
    const res = await read(`/api/admin/readings/billing?period=${period}&format=json`, cookie);
    expect(res.status).toBe(200);
    const { bills } = (await res.json()) as {
      bills: {
        lines: {
          serial: string;
          usedMono: number;
          includedMono: number;
          overMono: number;
          rateMono: number;
          amountMono: number;
        }[];
      }[];
    };
    const lines = bills.flatMap((b) => b.lines);
    const line = lines.find((l) => l.serial === SERIAL);
    expect(line?.usedMono).toBe(2_000);
    expect(line?.overMono).toBe(Math.max(0, 2_000 - (line?.includedMono ?? 0)));
    expect(line?.amountMono).toBeCloseTo((line?.overMono ?? 0) * (line?.rateMono ?? 0), 2);
  });
});
