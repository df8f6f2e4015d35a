// What a visitor sees of the launch data: sample company values and sample
// testimonials are marked 'przykładowe dane'; a sample or missing phone is never a `tel:`
// link (the footer, the home 'Zadzwoń do nas' card and /kontakt then offer the e-mail);
// a real phone is one; with no testimonials or clients their sections and 'Opinie' go.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import type * as CompanyModule from '../../widgets/core/company.ts';
import type * as SocialProofModule from '../../site/content/social-proof.ts';

const assets = { css: '/assets/site.css', siteScript: '/assets/site.js', widgetScript: '/widgets/v1/kserowo.js' };
const PATHS = ['/', '/kontakt', '/polityka-prywatnosci', '/deklaracja-dostepnosci', '/o-nas'];

async function pages(): Promise<Map<string, string>> {
  const { routes, renderPage } = await import('../../site/build.tsx');
  return new Map(
    routes.filter((r) => PATHS.includes(r.path)).map((r) => [r.path, renderPage(r, defaultCatalogue, assets)] as const),
  );
}

async function withPhone(phone: CompanyModule.Supplied): Promise<Map<string, string>> {
  vi.resetModules();
  vi.doMock('../../widgets/core/company.ts', async (importOriginal) => {
    const original = await importOriginal<typeof CompanyModule>();
    const supplied = { ...original.supplied, phone };
    const company = { ...original.company, ...original.suppliedFields(supplied) };
    return { ...original, supplied, company };
  });
  return pages();
}

afterEach(() => {
  vi.doUnmock('../../widgets/core/company.ts');
  vi.doUnmock('../../site/content/social-proof.ts');
  vi.resetModules();
});

const footerOf = (html: string) => html.slice(html.indexOf('<footer'));

// Each case re-imports the whole site (as the fact-change test does): 120 s per case, on a loaded machine.
describe('sample values on local runs', { timeout: 120_000 }, () => {
  it('shows the sample phone as text with the badge, never as a tel: link', async () => {
    vi.resetModules();
    const out = await pages();
    for (const [path, html] of out) {
      expect(html, path).not.toContain('tel:');
      expect(footerOf(html), path).toMatch(
        /\+48 59 000 00 00<\/span> <span class="sample-badge">przykładowe dane<\/span>/,
      );
    }
    const home = out.get('/') ?? '';
    expect(home).toContain('Zadzwoń do nas');
    // The invented testimonials and clients carry the sample note under their titles.
    for (const id of ['clients', 'testimonials']) {
      const section = home.slice(home.indexOf(`id="${id}"`), home.indexOf('</section>', home.indexOf(`id="${id}"`)));
      expect(section, id).toContain('Przykładowe treści – nie pochodzą od prawdziwych klientów');
    }
    expect(out.get('/polityka-prywatnosci')).toMatch(/class="sample-note".*pełna nazwa firmy, adres siedziby, NIP/);
  });
});

describe('the phone', { timeout: 120_000 }, () => {
  it('when not set: no tel: link anywhere, the e-mail way only', async () => {
    const out = await withPhone('');
    for (const [path, html] of out) {
      expect(html, path).not.toContain('tel:');
      expect(footerOf(html), path).toContain('href="mailto:kontakt@kserowo.pl"');
      expect(html, path).not.toContain('telefonicznie:');
    }
    expect(out.get('/')).not.toContain('Zadzwoń do nas');
    expect(out.get('/')).toContain('Napisz do nas');
    expect(out.get('/kontakt')).not.toContain('>Telefon<');
    expect(out.get('/deklaracja-dostepnosci')).not.toContain('zadzwoń pod numer');
  });

  it('when real: a tel: link with the digits, without the sample badge', async () => {
    const out = await withPhone('+48 59 842 10 10');
    const home = out.get('/') ?? '';
    expect(footerOf(home)).toContain('<a href="tel:+48598421010">+48 59 842 10 10</a>');
    expect(home).toContain('<a href="tel:+48598421010" class="big-link">+48 59 842 10 10</a>');
    expect(out.get('/kontakt')).toContain('<a href="tel:+48598421010" class="big-link">+48 59 842 10 10</a>');
    expect(out.get('/deklaracja-dostepnosci')).toContain('zadzwoń pod numer +48 59 842 10 10');
    expect(out.get('/kontakt')).not.toMatch(/10 10<\/span> <span class="sample-badge"/);
  });
});

describe('testimonials and client names', { timeout: 120_000 }, () => {
  it('with none published: no section, no header link "Opinie"', async () => {
    vi.resetModules();
    vi.doMock('../../site/content/social-proof.ts', async (importOriginal) => ({
      ...(await importOriginal<typeof SocialProofModule>()),
      shownClients: [],
      shownTestimonials: [],
    }));
    const out = await pages();
    const home = out.get('/') ?? '';
    expect(home).not.toContain('id="testimonials"');
    expect(home).not.toContain('id="clients"');
    for (const [path, html] of out) expect(html, path).not.toContain('>Opinie<');
  });
});
