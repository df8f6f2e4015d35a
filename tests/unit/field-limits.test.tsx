/**
 * An input's `maxlength` is the limit the server keeps, taken from the schema's module:
 * a visitor can type everything the API accepts, and nothing the input lets through is
 * refused for its length alone. The NIP is one rule in every form that asks for it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { renderToString } from 'preact-render-to-string';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { QUOTE_LIMITS, nipSchema as quoteNip } from '../../widgets/core/quote-validation.ts';
import { SERVICE_LIMITS, serviceRequestSchema } from '../../widgets/core/service-validation.ts';
import { LIMITS } from '../../widgets/core/validation.ts';
import { MeterForm } from '../../widgets/meter/Meter.tsx';
import { Service } from '../../widgets/service/Service.tsx';

/** name → maxlength of every input, select and textarea of the rendered form. */
function maxLengths(html: string): Record<string, number | undefined> {
  const fields: Record<string, number | undefined> = {};
  for (const [tag] of html.matchAll(/<(?:input|textarea|select)\b[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(tag)?.[1];
    if (!name || name === 'website') continue;
    const max = /\bmaxlength="(\d+)"/i.exec(tag)?.[1];
    fields[name] = max === undefined ? undefined : Number(max);
  }
  return fields;
}

const ticket = (fields: Record<string, unknown>) => ({
  category: 'paper',
  description: 'Zacięcie w podajniku 2',
  name: 'Anna Nowak',
  phone: '600 100 200',
  email: 'anna@firma.pl',
  serial: 'A7PU021012345',
  ...fields,
});

describe('field limits of the service forms', () => {
  it('puts the limits of the schema modules on the fault report inputs', () => {
    expect(maxLengths(renderToString(<Service />))).toEqual({
      serial: SERVICE_LIMITS.serial,
      nip: LIMITS.nip,
      category: undefined,
      errorCode: SERVICE_LIMITS.errorCode,
      description: SERVICE_LIMITS.description,
      name: LIMITS.name,
      phone: LIMITS.phone,
      email: LIMITS.email,
      company: LIMITS.company,
      contactWhen: SERVICE_LIMITS.contactWhen,
    });
  });

  it('puts the limits of the schema modules on the counter reading inputs', () => {
    // The form of a colour device's reading link (without a link there is no form: a serial alone sends nothing).
    const device = {
      serial: 'A1B2C3',
      device: 'Konica Minolta bizhub C3320i',
      type: 'color' as const,
      contract: 'UM-2026-000001',
      company: 'Firma',
      last: null,
      pageCounting: '',
    };
    const fields = maxLengths(renderToString(<MeterForm token={'t'.repeat(32)} device={device} />));
    expect(fields).toMatchObject({
      note: SERVICE_LIMITS.note,
      name: LIMITS.name,
      email: LIMITS.email,
    });
    // The largest counter the server accepts fits, written with the thousands spaces people type.
    const largest = SERVICE_LIMITS.counter.toLocaleString('pl-PL');
    expect(fields.mono).toBeGreaterThanOrEqual(largest.length);
    expect(fields.color).toBe(fields.mono);
  });

  it('accepts and refuses the same NIP notations in the quote and the fault report', () => {
    // A valid NIP written with spaces: exactly at the limit, and one space over it.
    const atLimit = 'PL  123  456  32  18';
    const over = 'PL   123  456  32  18';
    expect([atLimit.length, over.length]).toEqual([LIMITS.nip, LIMITS.nip + 1]);
    expect(QUOTE_LIMITS.nip).toBe(LIMITS.nip);
    const accepted = (nip: string) => ({
      quote: v.safeParse(quoteNip, nip).success,
      ticket: v.safeParse(serviceRequestSchema, ticket({ nip })).success,
    });
    expect(accepted(atLimit)).toEqual({ quote: true, ticket: true });
    expect(accepted(over)).toEqual({ quote: false, ticket: false });
  });
});

describe('every input of the widgets, the site and the admin', () => {
  it('takes its maxlength from a named limit, never a number typed beside the input', () => {
    const typed: string[] = [];
    for (const dir of ['widgets', 'site', 'worker']) {
      for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        // The worker's tests sit beside its code: their generators' lengths are no input's.
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        // The FA(3) schema's simple types, facet by facet as the XSD names them (tests/unit/fa3-rules.test.ts
        // compares them with it): the named limits themselves, no input's.
        if (file === 'core/fa3-rules.ts') continue;
        const text = readFileSync(`${dir}/${file}`, 'utf8');
        for (const m of text.matchAll(/maxLength(?:=\{|: |=")\s*\d+/gi)) typed.push(`${dir}/${file}: ${m[0]}`);
      }
    }
    expect(typed).toEqual([]);
  });
});
