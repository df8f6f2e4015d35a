// The FA(3) rules the Worker and the forms enforce (widgets/core/fa3-rules.ts) against the
// Ministry's XSD they are taken from: every type's facets as the XSD states them, every
// element's type as the XSD declares it, and the check agreeing with libxml2 on invoices that
// break them (the NIP 0123456789 passes the checksum and is refused by the schema).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { FA3_FIELDS, FA3_TYPES, type Fa3SimpleType, fitsFa3 } from '../../widgets/core/fa3-rules.ts';
import { isValidNip } from '../../widgets/core/nip.ts';
import { LIMITS } from '../../widgets/core/limits.ts';
import { contractSchema } from '../../worker/contracts/rental-validation.ts';
import * as v from 'valibot';
import { fa3Problems } from '../../worker/invoices/fa3-check.ts';
import { fa3Xml } from '../../worker/invoices/ksef/test-invoices.ts';
import { validateFa3 } from './fa3-xsd.ts';

const DIR = path.resolve(import.meta.dirname, '../../worker/invoices/ksef/spec/faktury/schemy/FA');
const XS = 'http://www.w3.org/2001/XMLSchema';
const parse = (file: string) =>
  new DOMParser().parseFromString(readFileSync(path.join(DIR, file), 'utf8'), 'text/xml').documentElement as Element;
const main = parse('schemat_FA(3)_v1-0E.xsd');
const bases = [main, parse('bazowe/StrukturyDanych_v10-0E.xsd'), parse('bazowe/ElementarneTypyDanych_v10-0E.xsd')];

const children = (el: Element, name?: string): Element[] =>
  Array.from(el.childNodes).filter(
    (n): n is Element =>
      n.nodeType === 1 && (n as Element).namespaceURI === XS && (!name || (n as Element).localName === name),
  );

/** A named top-level type of the three schema files (`tns:`/`etd:` prefixes dropped). */
function named(kind: 'simpleType' | 'complexType', qname: string): Element {
  const name = qname.split(':').pop() as string;
  for (const schema of bases) {
    const found = children(schema, kind).find((t) => t.getAttribute('name') === name);
    if (found) return found;
  }
  throw new Error(`no ${kind} ${qname}`);
}

/** The element `name` anywhere in a content model (sequences, choices, complexContent's extension). */
function childElement(model: Element, name: string): Element | undefined {
  for (const child of children(model)) {
    if (child.localName === 'element' && child.getAttribute('name') === name) return child;
    if (child.localName === 'element') continue;
    if (child.localName === 'extension' && child.getAttribute('base')?.match(/^(tns|etd):/)) {
      const base = childElement(named('complexType', child.getAttribute('base') as string), name);
      if (base) return base;
    }
    const found = childElement(child, name);
    if (found) return found;
  }
  return undefined;
}

/** The declared type of the element at `Faktura/<path>`. */
function typeAt(fieldPath: string): string {
  let element = children(main, 'element').find((e) => e.getAttribute('name') === 'Faktura') as Element;
  for (const step of fieldPath.split('/')) {
    const type = element.getAttribute('type');
    const model = type ? named('complexType', type) : (children(element, 'complexType')[0] as Element);
    const next = childElement(model, step);
    if (!next) throw new Error(`no ${step} in ${fieldPath}`);
    element = next;
  }
  return (element.getAttribute('type') ?? '').split(':').pop() as string;
}

/** A simple type's facets as the XSD states them, following its restriction's base. */
function facets(qname: string): Fa3SimpleType {
  const restriction = children(named('simpleType', qname), 'restriction')[0] as Element;
  const base = restriction.getAttribute('base') ?? '';
  const out: Fa3SimpleType = base.startsWith('xsd:') ? {} : facets(base);
  if (base === 'xsd:token') out.token = true;
  for (const facet of children(restriction)) {
    const value = facet.getAttribute('value') ?? '';
    if (facet.localName === 'pattern') out.pattern = value;
    if (facet.localName === 'minLength') out.minLength = Number(value);
    if (facet.localName === 'maxLength') out.maxLength = Number(value);
  }
  return out;
}

describe('the FA(3) rules table agrees with the XSD', () => {
  it.each(Object.keys(FA3_TYPES))('%s has the facets the XSD gives it', (name) => {
    expect(FA3_TYPES[name as keyof typeof FA3_TYPES]).toEqual(facets(name));
  });

  it.each(Object.entries(FA3_FIELDS))('%s is declared as its type', (fieldPath, field) => {
    expect(typeAt(fieldPath)).toBe(field.type);
  });

  it('a NIP of a real tax office prefix: 0123456789 and 1003456787 pass the checksum but not the schema, so no form takes them', () => {
    // 0123456789: 0·6+1·5+2·7+3·2+4·3+5·4+6·5+7·6+8·7 = 0+5+14+6+12+20+30+42+56 = 185; 185 mod 11 = 9 = its last digit.
    // 1003456787: 6+0+0+6+12+20+30+42+56 = 172; 172 mod 11 = 7 = its last digit; its 2nd and 3rd digits are 00.
    expect(fitsFa3('TNrNIP', '0123456789')).toBe(false);
    expect(fitsFa3('TNrNIP', '1003456787')).toBe(false);
    expect(isValidNip('0123456789')).toBe(false);
    expect(isValidNip('1003456787')).toBe(false);
    expect(isValidNip('5260250274')).toBe(true);
  });

  it('the contract form takes no name or address longer than the schema allows', () => {
    const base = {
      company: 'Alfa sp. z o.o.',
      nip: '5260250274',
      billingEmail: 'faktury@alfa.pl',
      startDate: '2026-01-01',
      termMonths: 36,
      devices: [{ serial: 'S1', deviceId: 'km-4052', level: 'basic' }],
    };
    // The longest address the form takes (300) and the longest name (LIMITS.company, 200) fit TZnakowy512 (512).
    expect(v.safeParse(contractSchema, { ...base, companyAddress: 'A'.repeat(300) }).success).toBe(true);
    expect(v.safeParse(contractSchema, { ...base, companyAddress: 'A'.repeat(301) }).success).toBe(false);
    expect(fitsFa3('TZnakowy512', 'A'.repeat(300))).toBe(true);
    expect(LIMITS.company).toBeLessThanOrEqual(FA3_TYPES.TZnakowy512.maxLength);
    expect(fitsFa3('TZnakowy512', 'A'.repeat(LIMITS.company))).toBe(true);
    expect(v.safeParse(contractSchema, { ...base, company: 'A'.repeat(LIMITS.company + 1) }).success).toBe(false);
  });

  it('the check before issue refuses what libxml2 refuses, and passes what it passes', async () => {
    const good = fa3Xml({ number: 'FV/2026/000001', sellerNip: '5265877635', issueDate: '2026-01-15' });
    const broken = [
      good.replace(/(<Podmiot2>\s*<DaneIdentyfikacyjne>\s*<NIP>)\d+/, '$10123456789'),
      good.replace(/(<Podmiot2>\s*<DaneIdentyfikacyjne>\s*<NIP>\d+<\/NIP>\s*<Nazwa>)[^<]+/, `$1${'A'.repeat(513)}`),
      good.replace(/(<Podmiot2>\s*<DaneIdentyfikacyjne>\s*<NIP>\d+<\/NIP>\s*<Nazwa>)[^<]+/, '$1   '),
    ];
    for (const xml of broken) expect(xml).not.toBe(good);
    const schema = await Promise.all([good, ...broken].map((xml) => validateFa3([xml])));
    expect(schema.map((s) => s.valid)).toEqual([true, false, false, false]);
    expect(fa3Problems(good)).toEqual([]);
    expect(fa3Problems(broken[0] as string)).toEqual(['NIP nabywcy: „0123456789” nie spełnia wymogów schematu FA(3)']);
    expect(fa3Problems(broken[1] as string)[0]).toMatch(/^nazwa nabywcy: /);
    expect(fa3Problems(broken[2] as string)[0]).toMatch(/^nazwa nabywcy: /);
  });
});
