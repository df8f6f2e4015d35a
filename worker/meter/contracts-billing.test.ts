// Contracts and bills you can trust: each way a bad reading reached an invoice, as a
// customer, a stranger or the service desk would do it, and what the bill does then.
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_API_ERRORS, readingRefusal } from '../http/errors.ts';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { catalogueChangeOf } from '../admin-shared/catalogue-rules.ts';
import { SERVICE_ERRORS } from '../../widgets/core/service-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import type { ReadingList } from '../admin-shared/admin-api.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';
import {
  billJson,
  billingCsv,
  customersCsv,
  dayOf,
  db,
  lastDay,
  linkReading,
  month,
  sign,
  teamReading,
  tokenOf,
} from '../../tests/worker/contracts-helpers.ts';
import { issueMonth } from '../invoices/issue.ts';

let cookie = '';
let premium: { id: string; number: string };
let mono: { id: string; number: string };

beforeAll(async () => {
  cookie = await login('203.0.113.24', 'Ewa z serwisu');
  premium = await sign(cookie, { serial: 'C3350PREM', deviceId: 'km-c3350i', level: 'premium' });
  mono = await sign(cookie, { serial: 'BH227MONO', deviceId: 'km-227', level: 'basic' });
  // A C3350i Premium read at the end of three months and today, within its allowance
  // (2500 mono, 700 colour a month): every month's overage is 0,00 zł.
  await teamReading(cookie, 'C3350PREM', lastDay(month(-3)), 10_000, 1_000);
  await teamReading(cookie, 'C3350PREM', lastDay(month(-2)), 12_000, 1_500);
  await teamReading(cookie, 'C3350PREM', lastDay(month(-1)), 14_000, 2_000);
  await teamReading(cookie, 'C3350PREM', warsawToday(), 15_000, 2_200);
  await teamReading(cookie, 'BH227MONO', lastDay(month(-2)), 5_000, null);
  await teamReading(cookie, 'BH227MONO', lastDay(month(-1)), 5_800, null);
});

describe('readings follow the counter’s rules', () => {
  it('refuses a back-dated reading that does not fit between its neighbours, and the bill stays', async () => {
    const before = await billJson(cookie, premium.id, month(-1));
    // Last month: 14 000 − 12 000 = 2 000 mono and 2 000 − 1 500 = 500 colour pages, within
    // Premium's 2 500 / 700: the fee alone, 289,00 zł; VAT 66,47 zł; gross 355,47 zł.
    expect(JSON.parse(before).bill).toMatchObject({ feeNet: 289, overageNet: 0, net: 289, vat: 66.47, gross: 355.47 });
    expect(JSON.parse(before).bill.lines[0]).toMatchObject({
      usedMono: 2_000,
      usedColor: 500,
      overMono: 0,
      overColor: 0,
    });
    const res = await linkReading(await tokenOf('C3350PREM'), {
      readOn: dayOf(month(-1), 15),
      mono: 19_000,
      color: 3_000,
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: string };
    expect(error).toContain('nie może być wyższy niż późniejszy odczyt');
    expect(await billJson(cookie, premium.id, month(-1))).toBe(before);
  });

  it('accepts a back-dated reading that fits between its neighbours', async () => {
    const res = await linkReading(await tokenOf('C3350PREM'), {
      readOn: dayOf(month(-1), 10),
      mono: 13_000,
      color: 1_700,
    });
    expect(res.status).toBe(201);
  });

  it('refuses a colour counter on a mono device, and later true readings still go in', async () => {
    const token = await tokenOf('BH227MONO');
    const colour = await linkReading(token, { readOn: warsawToday(), mono: 6_000, color: 1_200 });
    expect(colour.status).toBe(400);
    expect(await colour.json()).toEqual({
      error: readingRefusal('color-on-mono', { contractStart: '', contractEnd: '' }),
      field: 'color',
    });
    const ok = await linkReading(token, { readOn: warsawToday(), mono: 6_000 });
    expect(ok.status).toBe(201);
    const csv = await billingCsv(cookie, month(0));
    const line = csv.split('\r\n').find((l) => l.includes('"BH227MONO"')) ?? '';
    // strony_kolor (the 8th column) is 0 for the mono device.
    expect(line.split(';')[7]).toBe('"0"');
  });

  it('refuses a reading dated before the contract, in the future, or on an impossible day, in Polish', async () => {
    const token = await tokenOf('C3350PREM');
    const early = await linkReading(token, { readOn: dayOf(month(-7), 1), mono: 1, color: 1 });
    expect(early.status).toBe(400);
    const refusal = (await early.json()) as { error: string; field: string };
    expect(refusal.error).toContain('wcześniejsza niż początek umowy');
    // The form outlines the date, not a counter.
    expect(refusal.field).toBe('readOn');
    for (const readOn of ['2026-13-01', '0000-00-00', '2026-02-30']) {
      const pub = await linkReading(token, { readOn, mono: 20_000, color: 3_000 });
      expect(pub.status, readOn).toBe(400);
      expect(await pub.json()).toEqual({ error: SERVICE_ERRORS.readOn, field: 'readOn' });
      const team = await write(
        '/api/admin/readings',
        { serial: 'C3350PREM', readOn, mono: 20_000, color: 3_000 },
        { cookie },
      );
      expect(team.status, readOn).toBe(400);
      expect(await team.json()).toEqual({ error: SERVICE_ERRORS.readOn });
    }
  });
});

describe('only the link’s holder sends a reading', () => {
  it('a stranger with the serial and 99 999 999, confirmed, changes no bill and blocks nothing', async () => {
    const before = [await billingCsv(cookie, month(0)), await billingCsv(cookie, month(-1))];
    for (const confirm of [false, true]) {
      const res = await linkReading('', {
        t: undefined,
        serial: 'C3350PREM',
        mono: 99_999_999,
        color: 99_999_999,
        readOn: warsawToday(),
        confirm,
      });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: string };
      expect(body).toEqual({ error: SERVICE_API_ERRORS.readingLinkRequired });
      expect(JSON.stringify(body)).not.toMatch(/15\s?000|C3350|Premium/);
    }
    expect([await billingCsv(cookie, month(0)), await billingCsv(cookie, month(-1))]).toEqual(before);
    const mine = await linkReading(await tokenOf('C3350PREM'), { readOn: warsawToday(), mono: 15_100, color: 2_210 });
    expect(mine.status).toBe(201);
  });

  it('shows the device only to the link’s holder', async () => {
    const token = await tokenOf('C3350PREM');
    const ok = await read(`/api/meter-readings/device?t=${token}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ serial: 'C3350PREM', type: 'color', contract: premium.number });
    const bad = await read(`/api/meter-readings/device?t=${'x'.repeat(32)}`);
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({ error: SERVICE_API_ERRORS.readingLinkUnknown });
  });

  it('a fault report with only a NIP shows no serial, model or package on the answer or the ticket page', async () => {
    await sign(
      cookie,
      { serial: 'NIPONLY01', deviceId: 'km-c3320i', level: 'premium' },
      { nip: '5260250274', company: 'Firma z NIP-em' },
    );
    const res = await write(
      '/api/service-requests',
      {
        nip: '5260250274',
        category: 'paper',
        description: 'Zacina się papier.',
        name: 'Obcy',
        email: 'obcy@example.com',
        phone: '600 100 200',
        submissionId: crypto.randomUUID(),
      },
      { origin: null, ip: '198.51.100.44' },
    );
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { id: string; url: string };
    expect(Object.keys(answer).sort()).toEqual(['id', 'number', 'ok', 'url']);
    const page = await (await read(new URL(answer.url).pathname)).text();
    expect(page).not.toContain('NIPONLY01');
    expect(page).not.toContain('C3320i');
    const team = await db()
      .prepare('SELECT serial FROM service_tickets WHERE id = ?')
      .bind(answer.id)
      .first<{ serial: string }>();
    expect(team?.serial).toBe('NIPONLY01');
  });
});

describe('replays of one submission', () => {
  it('30 concurrent requests with one submissionId and different bodies: exactly one 201, the rest 409', async () => {
    const token = await tokenOf('BH227MONO');
    for (let round = 0; round < 3; round++) {
      const submissionId = crypto.randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          linkReading(token, { submissionId, readOn: warsawToday(), mono: 7_000 + round * 100 + i }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(29);
      const rows = await db()
        .prepare('SELECT COUNT(*) AS n FROM meter_readings WHERE submission_id = ?')
        .bind(submissionId)
        .first<{ n: number }>();
      expect(rows?.n).toBe(1);
    }
  }, 120_000);
});

describe('bills you can reproduce', () => {
  it('publishing a new price list leaves every past bill byte-identical; a new contract signs at the new prices', async () => {
    const periods = [month(-3), month(-2), month(-1), month(0)];
    const before = await Promise.all(periods.flatMap((p) => [billingCsv(cookie, p), customersCsv(cookie, p)]));
    const bills = await Promise.all(periods.map((p) => billJson(cookie, premium.id, p)));
    const change = catalogueChangeOf(defaultCatalogue);
    const c3350 = change.devices.find((d) => d.id === 'km-c3350i')!;
    for (const p of c3350.packages) {
      p.monthlyPrice = Number(p.monthlyPrice) + 40;
      p.overage.mono = 0.2;
    }
    const publish = await write('/api/admin/catalogue', { ...change, note: 'Nowy cennik' }, { cookie });
    expect(publish.status, await publish.clone().text()).toBe(201);
    expect(await Promise.all(periods.flatMap((p) => [billingCsv(cookie, p), customersCsv(cookie, p)]))).toEqual(before);
    expect(await Promise.all(periods.map((p) => billJson(cookie, premium.id, p)))).toEqual(bills);

    const later = await sign(cookie, { serial: 'C3350NEW', deviceId: 'km-c3350i', level: 'premium' });
    const newBill = JSON.parse(await billJson(cookie, later.id, month(0))) as { bill: { feeNet: number } };
    // The new price list's Premium fee: 289,00 + 40,00 = 329,00 zł; VAT 75,67 zł; gross 404,67 zł.
    expect(newBill.bill).toMatchObject({ feeNet: 329, overageNet: 0, net: 329, vat: 75.67, gross: 404.67 });
  });

  it('a team correction changes the bill, and the old value stays in the history with who and why', async () => {
    const before = JSON.parse(await billJson(cookie, mono.id, month(-1))) as {
      bill: { lines: { usedMono: number }[] };
    };
    expect(before.bill.lines[0]?.usedMono).toBe(800);
    const list = (await (await read('/api/admin/readings?serial=BH227MONO', cookie)).json()) as ReadingList;
    const wrong = list.readings.find((r) => r.readOn === lastDay(month(-1)))!;
    const res = await write(
      `/api/admin/readings/${wrong.id}/correction`,
      { readOn: wrong.readOn, mono: 5_300, color: null, reason: 'Klient podał cyfry w złej kolejności' },
      { cookie },
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const after = JSON.parse(await billJson(cookie, mono.id, month(-1))) as { bill: { lines: { usedMono: number }[] } };
    // 5 300 − 5 000 = 300 pages of the 227 Basic's 1 000: the fee alone, 219,00 zł; gross 269,37 zł.
    expect(after.bill.lines[0]?.usedMono).toBe(300);
    expect(after.bill).toMatchObject({ feeNet: 219, overageNet: 0, net: 219, vat: 50.37, gross: 269.37 });

    const history = (await (await read('/api/admin/readings?serial=BH227MONO', cookie)).json()) as ReadingList;
    const old = history.readings.find((r) => r.id === wrong.id)!;
    expect(old).toMatchObject({ mono: 5_800, correctedBy: { by: 'Ewa z serwisu' } });
    expect(history.readings.find((r) => r.supersedes === wrong.id)).toMatchObject({
      mono: 5_300,
      reason: 'Klient podał cyfry w złej kolejności',
      sentBy: 'Ewa z serwisu',
    });
    const twice = await write(
      `/api/admin/readings/${wrong.id}/correction`,
      { readOn: wrong.readOn, mono: 5_400, color: null, reason: 'Drugi raz' },
      { cookie },
    );
    expect(twice.status).toBe(409);
  });

  it('an amendment changes the fee from its month on, never a month already invoiced, and is in the audit log', async () => {
    const thisMonth = await billJson(cookie, premium.id, month(0));
    // Last month is invoiced (the run of last month issued it in advance): no amendment from it.
    await issueMonth(db(), month(-1), { createdBy: 'test' });
    const past = await write(
      '/api/admin/amendments',
      {
        serial: 'C3350PREM',
        effectiveFrom: `${month(-1)}-01`,
        monthlyPrice: 250,
        monthlyLimit: 2500,
        colorLimit: 700,
        overageMono: 0.09,
        overageColor: 0.24,
        reason: 'Rabat',
      },
      { cookie },
    );
    expect(past.status).toBe(400);
    expect(((await past.json()) as { error: string }).error).toContain(
      `Ostatnia wystawiona faktura jest za ${month(-1).slice(5)}.${month(-1).slice(0, 4)}.`,
    );
    const next = await write(
      '/api/admin/amendments',
      {
        serial: 'C3350PREM',
        effectiveFrom: `${month(1)}-01`,
        monthlyPrice: 250,
        monthlyLimit: 2500,
        colorLimit: 700,
        overageMono: 0.09,
        overageColor: 0.24,
        reason: 'Rabat za przedłużenie',
      },
      { cookie },
    );
    expect(next.status, await next.clone().text()).toBe(201);
    expect(await billJson(cookie, premium.id, month(0))).toBe(thisMonth);
    const nextBill = JSON.parse(await billJson(cookie, premium.id, month(1))) as { bill: { feeNet: number } };
    // The amended fee, no reading next month yet: 250,00 zł; VAT 57,50 zł; gross 307,50 zł.
    expect(nextBill.bill).toMatchObject({ feeNet: 250, overageNet: 0, net: 250, vat: 57.5, gross: 307.5 });
    const audit = (await (await read('/api/admin/audit?area=amendments', cookie)).json()) as {
      entries: { action: string; details: Record<string, unknown> }[];
    };
    expect(audit.entries[0]).toMatchObject({
      action: 'amendments.create',
      details: { serial: 'C3350PREM', reason: 'Rabat za przedłużenie' },
    });
  });

  it('puts every billing export into the audit log', async () => {
    await billingCsv(cookie, month(-1));
    await customersCsv(cookie, month(-1));
    const audit = (await (await read('/api/admin/audit?area=readings', cookie)).json()) as {
      entries: { action: string; path: string }[];
    };
    const paths = audit.entries.filter((e) => e.action === 'readings.export').map((e) => e.path);
    expect(paths).toContain(`/api/admin/readings/billing?period=${month(-1)}`);
    expect(paths).toContain(`/api/admin/readings/billing?period=${month(-1)}&summary=customers`);
  });
});

describe('a wrong device on a ticket', () => {
  it('is corrected as a new row with its reason; the old device stays in the history', async () => {
    const res = await write(
      '/api/service-requests',
      {
        serial: 'BH227MONO',
        category: 'paper',
        description: 'Zacina się papier.',
        name: 'Klient',
        email: 'klient@firma.pl',
        phone: '600 100 200',
        submissionId: crypto.randomUUID(),
      },
      { origin: null, ip: '198.51.100.45' },
    );
    const { id } = (await res.json()) as { id: string };
    const move = await write(
      `/api/admin/tickets/${id}/device`,
      { serial: 'c3350prem', reason: 'Klient pomylił urządzenia na naklejce' },
      { cookie },
    );
    expect(move.status, await move.clone().text()).toBe(200);
    const detail = (await (await read(`/api/admin/tickets/${id}`, cookie)).json()) as {
      ticket: { serial: string; level: string };
      deviceChanges: { fromSerial: string; toSerial: string; reason: string; actor: string }[];
    };
    expect(detail.ticket).toMatchObject({ serial: 'C3350PREM', level: 'premium' });
    expect(detail.deviceChanges).toEqual([
      expect.objectContaining({
        fromSerial: 'BH227MONO',
        toSerial: 'C3350PREM',
        reason: 'Klient pomylił urządzenia na naklejce',
        actor: 'Ewa z serwisu',
      }),
    ]);
    const again = await write(`/api/admin/tickets/${id}/device`, { serial: 'C3350PREM', reason: 'x' }, { cookie });
    expect(again.status).toBe(400);
    const noReason = await write(`/api/admin/tickets/${id}/device`, { serial: 'BH227MONO' }, { cookie });
    expect(noReason.status).toBe(400);
  });
});
