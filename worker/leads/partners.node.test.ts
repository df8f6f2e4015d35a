// Only registered partners are attributed, from their own pages: the pure rule (worker/leads/partners.ts).
import { describe, expect, it } from 'vitest';
import { attributedBy, originOnDomains } from './attribution-rule.ts';

const abc = { domains: ['drukarnia-abc.pl'], active: true };

describe('partner attribution', () => {
  it('keeps a registered partner sent from its own domain or a subdomain of it', () => {
    expect(attributedBy({ partner: 'drukarnia-abc', utm_source: 'abc' }, abc, 'https://drukarnia-abc.pl')).toEqual({
      partner: 'drukarnia-abc',
      utm_source: 'abc',
    });
    expect(originOnDomains('https://www.drukarnia-abc.pl:8443', ['drukarnia-abc.pl'])).toBe(true);
  });

  it('moves a value no partner has to partner_unregistered', () => {
    expect(attributedBy({ partner: 'ktokolwiek', utm_source: 'abc' }, null, 'https://drukarnia-abc.pl')).toEqual({
      utm_source: 'abc',
      partner_unregistered: 'ktokolwiek',
    });
  });

  it('keeps a partner sent from elsewhere, paused, or unreadable as partner_unconfirmed', () => {
    expect(attributedBy({ partner: 'drukarnia-abc' }, abc, 'https://obca-strona.pl')).toEqual({
      partner_unconfirmed: 'drukarnia-abc',
    });
    // A look-alike that only ends with the domain's letters is not a subdomain.
    expect(attributedBy({ partner: 'drukarnia-abc' }, abc, 'https://xdrukarnia-abc.pl')).toEqual({
      partner_unconfirmed: 'drukarnia-abc',
    });
    expect(attributedBy({ partner: 'drukarnia-abc' }, abc, null)).toEqual({ partner_unconfirmed: 'drukarnia-abc' });
    expect(attributedBy({ partner: 'drukarnia-abc' }, { ...abc, active: false }, 'https://drukarnia-abc.pl')).toEqual({
      partner_unconfirmed: 'drukarnia-abc',
    });
    expect(attributedBy({ partner: 'drukarnia-abc' }, 'unknown', 'https://drukarnia-abc.pl')).toEqual({
      partner_unconfirmed: 'drukarnia-abc',
    });
  });

  it('leaves an attribution without a partner as it is', () => {
    expect(attributedBy({ utm_source: 'abc' }, null, null)).toEqual({ utm_source: 'abc' });
    expect(attributedBy(undefined, null, null)).toBeUndefined();
  });
});
