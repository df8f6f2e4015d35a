/**
 * Every counted noun through plural.ts, for every number 1–30 and 100–130. The expected
 * form of each number is written out here by the rule of Polish grammar, not taken from
 * the code: 1 takes the first form; numbers ending in 2, 3, 4 take the second, except
 * 12, 13, 14 (and 112–114); all others the third (101 too: '101 stron').
 */
import { describe, expect, it } from 'vitest';
import * as nouns from '../../widgets/core/nouns.ts';
import { countText, type Forms, MONTHS, monthsText } from '../../widgets/core/plural.ts';

// Which form each number takes: 1 one, 2 few, 5 many.
const FORM_OF: Record<number, 1 | 2 | 5> = {
  1: 1,
  2: 2,
  3: 2,
  4: 2,
  5: 5,
  6: 5,
  7: 5,
  8: 5,
  9: 5,
  10: 5,
  11: 5,
  12: 5,
  13: 5,
  14: 5,
  15: 5,
  16: 5,
  17: 5,
  18: 5,
  19: 5,
  20: 5,
  21: 5,
  22: 2,
  23: 2,
  24: 2,
  25: 5,
  26: 5,
  27: 5,
  28: 5,
  29: 5,
  30: 5,
  100: 5,
  101: 5,
  102: 2,
  103: 2,
  104: 2,
  105: 5,
  106: 5,
  107: 5,
  108: 5,
  109: 5,
  110: 5,
  111: 5,
  112: 5,
  113: 5,
  114: 5,
  115: 5,
  116: 5,
  117: 5,
  118: 5,
  119: 5,
  120: 5,
  121: 5,
  122: 2,
  123: 2,
  124: 2,
  125: 5,
  126: 5,
  127: 5,
  128: 5,
  129: 5,
  130: 5,
};

// Each noun as a person writes it after 1, 2 and 5.
const WRITTEN: Record<string, [string, string, string]> = {
  MONTHS: ['1 miesiąc', '2 miesiące', '5 miesięcy'],
  DAYS: ['1 dzień', '2 dni', '5 dni'],
  PAGES: ['1 strona', '2 strony', '5 stron'],
  MONO_PAGES: ['1 strona mono', '2 strony mono', '5 stron mono'],
  COLOR_PAGES: ['1 strona kolorowa', '2 strony kolorowe', '5 stron kolorowych'],
  MONO_PAGES_AT: ['1 stronie mono', '2 stronach mono', '5 stronach mono'],
  COLOR_PAGES_AT: ['1 stronie kolorowej', '2 stronach kolorowych', '5 stronach kolorowych'],
  MONO_PAGES_OF: ['1 strony mono', '2 stron mono', '5 stron mono'],
  COLOR_PAGES_OF: ['1 strony kolorowej', '2 stron kolorowych', '5 stron kolorowych'],
  DEVICES: ['1 urządzenie', '2 urządzenia', '5 urządzeń'],
  PEOPLE: ['1 osoba', '2 osoby', '5 osób'],
  READINGS: ['1 odczyt', '2 odczyty', '5 odczytów'],
  MESSAGES: ['1 wiadomość', '2 wiadomości', '5 wiadomości'],
  TICKETS: ['1 zgłoszenie', '2 zgłoszenia', '5 zgłoszeń'],
  ORDERS: ['1 zamówienie', '2 zamówienia', '5 zamówień'],
  CONTRACTS: ['1 umowa', '2 umowy', '5 umów'],
  AUDIT_ENTRIES: ['1 wpis', '2 wpisy', '5 wpisów'],
  EVENTS: ['1 zdarzenie', '2 zdarzenia', '5 zdarzeń'],
  PAYMENTS: ['1 wpłata', '2 wpłaty', '5 wpłat'],
  INVOICES: ['1 faktura', '2 faktury', '5 faktur'],
  PARTS: ['1 część', '2 części', '5 części'],
};

const units: [string, Forms][] = [['MONTHS', MONTHS], ...(Object.entries(nouns) as [string, Forms][])];
const numbers = Object.keys(FORM_OF).map(Number);

describe('Polish plurals', () => {
  it('knows how every noun is written', () => {
    expect(units.map(([name]) => name).sort()).toEqual(Object.keys(WRITTEN).sort());
  });

  for (const [name, forms] of units) {
    it(`${name}: every number 1–30 and 100–130 with its form`, () => {
      const [one, few, many] = (WRITTEN[name] ?? []).map((s) => s.replace(/^\d+ /, ''));
      for (const n of numbers) {
        const expected = `${n} ${FORM_OF[n] === 1 ? one : FORM_OF[n] === 2 ? few : many}`;
        expect(countText(n, forms)).toBe(expected);
      }
    });
  }

  it('says the terms of a contract: 24 miesiące, 36 miesięcy', () => {
    expect([monthsText(24), monthsText(36), monthsText(1)]).toEqual(['24 miesiące', '36 miesięcy', '1 miesiąc']);
  });

  it('counts pages in thousands with a non-breaking space from 10 000', () => {
    expect(countText(10_122, nouns.COLOR_PAGES)).toBe('10\u00a0122 strony kolorowe');
  });
});
