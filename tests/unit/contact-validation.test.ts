import { describe, expect, it } from 'vitest';
import { TOAST } from '../../widgets/core/errors.ts';
import { checkContactForm, FIELD_ERRORS, parseContact, SPEC_EMAIL } from '../../widgets/core/validation.ts';

const form = (values: Partial<Record<'name' | 'email' | 'phone' | 'message', string>>) =>
  checkContactForm({ name: '', email: '', phone: '', message: '', ...values });

describe('checkContactForm (what the widget runs before sending)', () => {
  describe("the spec's checks", () => {
    it('asks for name and email with the validation toast when either is empty after trimming', () => {
      expect(form({ email: 'a@b.pl' })).toMatchObject({ ok: false, toast: TOAST.validation, field: 'name' });
      expect(form({ name: '  ', email: 'a@b.pl' })).toMatchObject({
        ok: false,
        toast: TOAST.validation,
        field: 'name',
      });
      expect(form({ name: 'Jan', email: ' \t' })).toMatchObject({ ok: false, toast: TOAST.validation, field: 'email' });
    });

    it("refuses an address without the spec's pattern with the bad-email toast", () => {
      for (const email of ['jan', 'jan@firma', 'jan firma@x.pl', '@x.pl', 'jan@.pl x']) {
        expect(form({ name: 'Jan', email })).toMatchObject({ ok: false, toast: TOAST.badEmail, field: 'email' });
      }
    });
  });

  describe('the strict checks', () => {
    it("gives the bad-email toast to an address the spec's pattern accepts but the server would refuse", () => {
      for (const email of [
        'a,evil@x.pl',
        'a;b@c.pl',
        'a@b.co,evil.pl',
        '"a"@b.co',
        'a(b)@c.pl',
        '<a@b.co>',
        `${'a'.repeat(250)}@b.co`,
      ]) {
        expect(SPEC_EMAIL.test(email)).toBe(true);
        expect(form({ name: 'Jan', email })).toMatchObject({ ok: false, toast: TOAST.badEmail });
      }
    });

    it('gives the validation title with the text naming the field for other strict problems', () => {
      expect(form({ name: 'Jan', email: 'a@b.pl', phone: 'abc' })).toEqual({
        ok: false,
        field: 'phone',
        toast: { title: TOAST.validation.title, text: FIELD_ERRORS.phone },
      });
    });

    it('passes a valid form trimmed, without blank optional fields', () => {
      expect(form({ name: ' Jan ', email: ' jan@firma.pl ', phone: ' ', message: ' Dzień dobry ' })).toEqual({
        ok: true,
        data: { name: 'Jan', email: 'jan@firma.pl', phone: undefined, message: 'Dzień dobry' },
      });
    });
  });
});

describe('parseContact (the server)', () => {
  it('drops unknown fields and keeps attribution strings', () => {
    const result = parseContact({ name: 'Jan', email: 'j@x.pl', role: 'admin', attribution: { page: '/', extra: 1 } });
    expect(result).toEqual({ ok: true, data: { name: 'Jan', email: 'j@x.pl', attribution: { page: '/' } } });
  });

  it('keeps line breaks in the message but refuses them in the name', () => {
    expect(parseContact({ name: 'Jan', email: 'j@x.pl', message: 'a\r\nb\tc' }).ok).toBe(true);
    expect(parseContact({ name: 'Jan\nKowalski', email: 'j@x.pl' })).toMatchObject({
      ok: false,
      field: 'name',
      error: FIELD_ERRORS.nameChars,
    });
  });

  it('takes every address mail reaches, and none it cannot: the one e-mail rule', () => {
    for (const email of [
      'jan@firma.pl',
      'Jan.Kowalski+faktury@Firma-Abc.com.pl',
      "o'brien@firma.ie",
      'biuro_2@sub.domena.eu',
      'józef@żółta-łódź.pl',
      'a@b.co',
      'x@xn--dzie-dobry-3kb.pl',
      `${'a'.repeat(64)}@firma.pl`,
    ])
      expect(parseContact({ name: 'Jan', email }), email).toMatchObject({ ok: true });
    for (const email of [
      'mailto:a@b.pl',
      'a@b..pl',
      '.a@b.pl',
      'a.@b.pl',
      'a..b@c.pl',
      'a@-b.pl',
      'a@b-.pl',
      'a@b.p',
      'a@b.pl.',
      'a@b_c.pl',
      'a:b@c.pl',
      'a@[1.2.3.4]',
      `${'a'.repeat(65)}@firma.pl`,
    ])
      expect(parseContact({ name: 'Jan', email }), email).toEqual({
        ok: false,
        field: 'email',
        error: FIELD_ERRORS.email,
      });
  });

  it('refuses a lone surrogate in a text field with the field message (D1 would store broken UTF-8)', () => {
    expect(parseContact({ name: 'Jan\ud800', email: 'j@x.pl' })).toMatchObject({ ok: false, field: 'name' });
    expect(parseContact({ name: 'Jan', email: 'j@x.pl', message: 'a\udfffb' })).toMatchObject({
      ok: false,
      field: 'message',
      error: FIELD_ERRORS.messageChars,
    });
    // A pair is one character (an emoji): kept.
    expect(parseContact({ name: 'Jan \ud83d\ude00', email: 'j@x.pl' }).ok).toBe(true);
  });

  it('accepts the phone characters of the rule: digits, spaces and + ( ) -', () => {
    expect(parseContact({ name: 'Jan', email: 'j@x.pl', phone: '+48 (59) 123-45-67' }).ok).toBe(true);
    expect(parseContact({ name: 'Jan', email: 'j@x.pl', phone: '600/100' })).toMatchObject({
      ok: false,
      field: 'phone',
    });
  });
});
