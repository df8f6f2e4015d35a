// A refusal of one field names that field (`field`, as the form names its input) beside the
// Polish `error`, so the widget outlines and focuses the field at fault, not always the
// first one. Contact, quotes, service requests and orders have theirs in their own files;
// here the meter reading's rules (date, colour, counters in order) and the portal link.
import { beforeAll, describe, expect, it } from 'vitest';
import { readingRefusal } from '../http/errors.ts';
import { PORTAL_ERRORS } from '../../widgets/core/portal-validation.ts';
import { SERVICE_ERRORS } from '../../widgets/core/service-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { login } from '../../tests/worker/admin-helpers.ts';
import {
  dayOf,
  lastDay,
  linkReading,
  month,
  sign,
  teamReading,
  tokenOf,
} from '../../tests/worker/contracts-helpers.ts';
import { askLink } from '../../tests/worker/portal-helpers.ts';

let token = '';

beforeAll(async () => {
  const cookie = await login('203.0.113.31', 'Ola z serwisu');
  await sign(cookie, { serial: 'FIELDC258', deviceId: 'km-c258', level: 'business' });
  await teamReading(cookie, 'FIELDC258', lastDay(month(-1)), 20_000, 4_000);
  token = await tokenOf('FIELDC258');
});

const refusal = async (res: Response) => {
  expect(res.status).toBe(400);
  return (await res.json()) as { error: string; field?: string };
};

describe('POST /api/meter-readings names the field a refusal is about', () => {
  it('the colour counter when only the colour counter is below the last reading', async () => {
    const r = await refusal(await linkReading(token, { readOn: warsawToday(), mono: 21_000, color: 3_999 }));
    expect(r.field).toBe('color');
    expect(r.error).toContain('niższy niż poprzedni odczyt');
  });

  it('the mono counter when the mono counter is below it', async () => {
    const r = await refusal(await linkReading(token, { readOn: warsawToday(), mono: 19_999, color: 4_100 }));
    expect(r.field).toBe('mono');
  });

  it('the date for a day before the contract, and for a day that does not exist', async () => {
    const early = await refusal(await linkReading(token, { readOn: dayOf(month(-7), 1), mono: 1, color: 1 }));
    expect(early.field).toBe('readOn');
    const impossible = await refusal(await linkReading(token, { readOn: '2026-02-30', mono: 21_000, color: 4_100 }));
    expect(impossible).toEqual({ error: SERVICE_ERRORS.readOn, field: 'readOn' });
  });

  it('the colour counter when a colour device is read without it', async () => {
    const r = await refusal(await linkReading(token, { readOn: warsawToday(), mono: 21_000 }));
    expect(r).toEqual({
      error: readingRefusal('color-missing', { contractStart: '', contractEnd: '' }),
      field: 'color',
    });
  });

  it('the e-mail address when it is not one', async () => {
    const r = await refusal(
      await linkReading(token, { readOn: warsawToday(), mono: 21_000, color: 4_100, email: 'x' }),
    );
    expect(r.field).toBe('email');
  });
});

describe('POST /api/portal/link names the e-mail field', () => {
  it('for an address that is not one', async () => {
    const r = await refusal(await askLink('nie-adres'));
    expect(r.field).toBe('email');
    expect(r.error).not.toBe(PORTAL_ERRORS.body);
  });
});
