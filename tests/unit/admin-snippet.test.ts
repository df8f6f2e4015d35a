import { describe, expect, it } from 'vitest';
import { isCleanValue, snippetCode } from '../../site/admin/snippet.ts';

const base = { partner: '', utmSource: '', utmMedium: '', utmCampaign: '', extra: {} };

describe('the snippet builder', () => {
  it('writes the loader and the element with partner and UTM attributes (DESIGN §2)', () => {
    expect(
      snippetCode('https://kserowo.pl', {
        ...base,
        tag: 'kserowo-configurator',
        partner: 'drukarnia-abc',
        utmSource: 'abc',
        utmMedium: 'referral',
        utmCampaign: 'wiosna',
      }),
    ).toBe(
      '<script type="module" src="https://kserowo.pl/widgets/v1/kserowo.js"></script>\n' +
        '<kserowo-configurator partner="drukarnia-abc" utm-source="abc" utm-medium="referral" utm-campaign="wiosna"></kserowo-configurator>',
    );
  });

  it('puts the widget’s own attributes first, writes booleans bare and leaves out empty values', () => {
    expect(
      snippetCode('https://kserowo.pl', {
        ...base,
        tag: 'kserowo-models',
        extra: { limit: '3', order: '', filters: true },
      }),
    ).toBe(
      '<script type="module" src="https://kserowo.pl/widgets/v1/kserowo.js"></script>\n<kserowo-models limit="3" filters></kserowo-models>',
    );
  });

  it('never writes a partner or UTM value it warns about (utm-campaign="jesień 2026")', () => {
    const code = snippetCode('https://kserowo.pl', {
      ...base,
      tag: 'kserowo-pricing',
      partner: 'drukarnia-abc',
      utmCampaign: 'jesień 2026',
    });
    expect(isCleanValue('jesień 2026')).toBe(false);
    expect(code).toBe(
      '<script type="module" src="https://kserowo.pl/widgets/v1/kserowo.js"></script>\n' +
        '<kserowo-pricing partner="drukarnia-abc"></kserowo-pricing>',
    );
  });

  it('escapes whatever is typed so it cannot leave its attribute', () => {
    const code = snippetCode('https://kserowo.pl', {
      ...base,
      tag: 'kserowo-pricing',
      partner: '"><script>alert(1)</script>',
      extra: { 'configurator-url': '/konfigurator?x="><script>alert(1)</script>' },
    });
    expect(code).not.toContain('<script>alert');
    expect(code).toContain('configurator-url="/konfigurator?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(isCleanValue('"><script>')).toBe(false);
    expect(isCleanValue('drukarnia-abc_2026.v1')).toBe(true);
  });
});
