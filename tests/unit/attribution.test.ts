// Attribution of a lead (DESIGN §2, §4): attributes, then the page URL, then the first
// visit of the tab session; with the partner id and the embedding page's origin.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attribution, rememberFirstVisit } from '../../widgets/core/attribution.ts';

function visit(url: string, referrer = '') {
  const u = new URL(url);
  vi.stubGlobal('location', { href: u.href, origin: u.origin, pathname: u.pathname, search: u.search });
  vi.stubGlobal('document', { referrer });
}

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('attribution()', () => {
  describe('on a partner page', () => {
    it('carries the partner id, the page, its origin and only the origin of the referrer', () => {
      visit('https://drukarnia-abc.pl/oferta/ksero?x=1', 'https://www.google.com/search?q=ksero+dzierzawa');
      expect(attribution({ partner: 'drukarnia-abc' })).toEqual({
        page: '/oferta/ksero?x=1',
        origin: 'https://drukarnia-abc.pl',
        referrer: 'https://www.google.com',
        partner: 'drukarnia-abc',
      });
    });

    it("takes the widget's attributes before the page URL", () => {
      visit('https://drukarnia-abc.pl/?utm_source=url&utm_medium=url&utm_campaign=url');
      expect(attribution({ utmSource: 'abc', utmCampaign: 'wiosna' })).toMatchObject({
        utm_source: 'abc',
        utm_medium: 'url',
        utm_campaign: 'wiosna',
      });
    });
  });

  describe('later in the same visit', () => {
    it('falls back to the UTM values of the first page of the visit', () => {
      visit('https://kserowo.pl/?utm_source=facebook&utm_medium=cpc&utm_campaign=jesien');
      rememberFirstVisit();
      visit('https://kserowo.pl/kontakt', 'https://kserowo.pl/');
      expect(attribution({})).toEqual({
        page: '/kontakt',
        origin: 'https://kserowo.pl',
        referrer: 'https://kserowo.pl',
        utm_source: 'facebook',
        utm_medium: 'cpc',
        utm_campaign: 'jesien',
      });
    });

    it('prefers the current URL to the first visit, value by value', () => {
      visit('https://kserowo.pl/?utm_source=facebook&utm_medium=cpc');
      rememberFirstVisit();
      visit('https://kserowo.pl/konfigurator?utm_medium=pricing&utm_campaign=main_pricing_cta');
      expect(attribution({})).toMatchObject({
        utm_source: 'facebook',
        utm_medium: 'pricing',
        utm_campaign: 'main_pricing_cta',
      });
    });

    it('does not let a later page overwrite the first visit', () => {
      visit('https://kserowo.pl/');
      rememberFirstVisit();
      visit('https://kserowo.pl/modele?utm_source=newsletter');
      rememberFirstVisit();
      visit('https://kserowo.pl/kontakt');
      expect(attribution({})).not.toHaveProperty('utm_source');
    });
  });

  describe('when storage is blocked', () => {
    it('still answers from the attributes and the URL', () => {
      vi.stubGlobal('sessionStorage', {
        getItem: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
        setItem: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
      });
      visit('https://drukarnia-abc.pl/?utm_source=abc');
      expect(attribution({ partner: 'abc' })).toEqual({
        page: '/?utm_source=abc',
        origin: 'https://drukarnia-abc.pl',
        referrer: '',
        utm_source: 'abc',
        partner: 'abc',
      });
    });
  });
});
