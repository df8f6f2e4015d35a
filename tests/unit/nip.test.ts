import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidNip, normalizeNip } from '../../widgets/core/nip.ts';

describe('NIP checksum', () => {
  it.each([
    '1234563218',
    '123-456-32-18',
    '123 456 32 18',
    'PL1234563218',
    'pl 123-456-32-18',
    '5260250995',
    '7740001454',
  ])('accepts %s', (nip) => expect(isValidNip(nip)).toBe(true));

  it.each([
    ['a wrong check digit', '1234563219'],
    ['nine digits', '123456321'],
    ['eleven digits', '12345632180'],
    ['letters', '12345632AB'],
    ['all zeros', '0000000000'],
    // 0·6+1·5+2·7+3·2+4·3+5·4+6·5+7·6+8·7 = 185, 185 mod 11 = 9: the checksum holds, but FA(3)'s TNrNIP wants no leading 0.
    ['a leading 0 (FA(3) TNrNIP)', '0123456789'],
    ['an empty string', ''],
  ])('refuses %s', (_label, nip) => expect(isValidNip(nip)).toBe(false));

  it('refuses every number whose weighted sum leaves 10 (no check digit can match)', () => {
    // 1·6+2·5+3·7+0+0+0+0+0+4·7 = 6+10+21+28 = 65, 65 mod 11 = 10 (a prefix FA(3) allows: 123).
    const prefix = '123000004';
    const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((a, w, i) => a + w * Number(prefix[i]), 0);
    expect(sum % 11).toBe(10);
    for (let d = 0; d <= 9; d++) expect(isValidNip(`${prefix}${d}`)).toBe(false);
  });

  it('changing any one digit of a valid NIP makes it invalid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const valid = '1234563218';
        const digit = (Number(valid[pos]) + delta) % 10;
        return !isValidNip(valid.slice(0, pos) + digit + valid.slice(pos + 1));
      }),
    );
  });

  it('normalizes the usual notations to ten digits', () => {
    expect(normalizeNip(' PL 123-456-32-18 ')).toBe('1234563218');
  });
});
