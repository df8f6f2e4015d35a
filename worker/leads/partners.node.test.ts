// Only registered partners are attributed: an unknown `partner` is kept apart, never counted as a partner.
import { describe, expect, it } from 'vitest';
import { attributed, registeredPartners } from './partners.ts';

describe('partner attribution', () => {
  it('keeps a registered partner', () => {
    expect(attributed({ partner: 'drukarnia-abc', utm_source: 'abc' }, 'demo, drukarnia-abc')).toEqual({
      partner: 'drukarnia-abc',
      utm_source: 'abc',
    });
  });

  it('moves any other value to partner_unregistered', () => {
    expect(attributed({ partner: 'ktokolwiek', utm_source: 'abc' }, 'demo,drukarnia-abc')).toEqual({
      utm_source: 'abc',
      partner_unregistered: 'ktokolwiek',
    });
    expect(attributed({ partner: 'drukarnia-abc' }, undefined)).toEqual({ partner_unregistered: 'drukarnia-abc' });
  });

  it('leaves an attribution without a partner as it is', () => {
    expect(attributed({ utm_source: 'abc' }, '')).toEqual({ utm_source: 'abc' });
    expect(attributed(undefined, 'demo')).toBeUndefined();
  });

  it('reads the comma-separated list, spaces and empty entries ignored', () => {
    expect([...registeredPartners(' demo , ,drukarnia-abc ')]).toEqual(['demo', 'drukarnia-abc']);
  });
});
