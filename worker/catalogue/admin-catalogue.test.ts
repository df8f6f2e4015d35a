import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { catalogueChangeOf } from '../admin-shared/catalogue-rules.ts';
import type { Catalogue } from '../../widgets/core/model.ts';
import { rerenderPage } from './prerendered.ts';
import { login, read, request, testEnv, write } from '../../tests/worker/admin-helpers.ts';

/** The built-in catalogue's numbers with C3320i Basic at `price` (the lowest colour price). */
function changeWithC3320iBasic(price: number | string) {
  const change = catalogueChangeOf(defaultCatalogue);
  change.devices.find((d) => d.id === 'km-c3320i')!.packages[0]!.monthlyPrice = price;
  return change;
}

const homeHtml = async () => (await request('/')).text();
const liveCatalogue = async () => (await (await request('/api/catalogue')).json()) as Catalogue;

describe('the catalogue in the admin panel', () => {
  describe('while nothing is published', () => {
    it('the home page is the built file, unchanged', async () => {
      const built = await (await testEnv.ASSETS.fetch('http://kserowo.test/')).text();
      expect(await homeHtml()).toBe(built);
      expect(built).toContain('<strong>195 zł</strong>');
    });

    it('re-rendering a built page with the catalogue it was built with changes nothing (same components)', async () => {
      for (const path of ['/', '/modele', '/konfigurator', '/miasto/slupsk']) {
        const built = await (await testEnv.ASSETS.fetch(`http://kserowo.test${path}`)).text();
        const again = await rerenderPage(
          new Response(built, { headers: { 'Content-Type': 'text/html' } }),
          defaultCatalogue,
        );
        expect(again, path).toBe(built);
      }
    });

    it('the panel gets the live catalogue, the built-in one and an empty history', async () => {
      const cookie = await login();
      const body = (await (await read('/api/admin/catalogue', cookie)).json()) as {
        live: Catalogue;
        builtIn: Catalogue;
        versions: unknown[];
      };
      expect(body.live).toEqual(defaultCatalogue);
      expect(body.builtIn).toEqual(defaultCatalogue);
      expect(body.versions).toEqual([]);
    });
  });

  describe('an invalid change', () => {
    it('is refused with 400, a Polish message and the fields at fault; nothing is published', async () => {
      const cookie = await login();
      const change = changeWithC3320iBasic(-5);
      const c258 = change.devices.find((d) => d.id === 'km-c258')!.packages[1]!;
      c258.overage.color = 0.195;
      c258.monthlyLimit = 12.5;
      const res = await write('/api/admin/catalogue', change, { cookie });
      expect(res.status).toBe(400);
      const body = (await res.json()) as {
        error: string;
        problems: { deviceId: string; level: string; field: string; message: string }[];
      };
      expect(body.error).toMatch(/^Cennik zawiera błędy/);
      expect(body.problems).toEqual(
        expect.arrayContaining([
          {
            deviceId: 'km-c3320i',
            level: 'basic',
            field: 'monthlyPrice',
            message: 'Cena miesięczna musi być liczbą dodatnią (najwyżej 2 miejsca po przecinku).',
          },
          {
            deviceId: 'km-c258',
            level: 'business',
            field: 'overageColor',
            message: 'Dopłata za stronę musi być liczbą dodatnią z najwyżej dwoma miejscami po przecinku.',
          },
          {
            deviceId: 'km-c258',
            level: 'business',
            field: 'monthlyLimit',
            message: 'Limit stron mono musi być dodatnią liczbą całkowitą.',
          },
        ]),
      );
      expect((await liveCatalogue()).version).toBe(0);
    });

    it('refuses text, zero, a missing device and a body that is not JSON', async () => {
      const cookie = await login();
      for (const price of ['dużo', 0, '']) {
        expect((await write('/api/admin/catalogue', changeWithC3320iBasic(price), { cookie })).status).toBe(400);
      }
      const missing = catalogueChangeOf(defaultCatalogue);
      missing.devices.pop();
      const res = await write('/api/admin/catalogue', missing, { cookie });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/Brakuje urządzenia/);
      const notJson = await request('/api/admin/catalogue', {
        method: 'POST',
        headers: { Origin: 'http://kserowo.test', Cookie: cookie, 'Content-Type': 'text/plain' },
        body: 'x',
      });
      expect(notJson.status).toBe(400);
      expect((await liveCatalogue()).version).toBe(0);
    });
  });

  describe('after publishing C3320i Basic at 185 zł', () => {
    it('`/api/catalogue` serves it as a new version, and the history says who and when', async () => {
      const cookie = await login('203.0.113.9', 'Kasia');
      const res = await write(
        '/api/admin/catalogue',
        { ...changeWithC3320iBasic('185,00'), note: 'Promocja jesienna' },
        { cookie },
      );
      expect(res.status).toBe(201);
      const live = await liveCatalogue();
      expect(live.version).toBeGreaterThan(0);
      expect(live.devices.find((d) => d.id === 'km-c3320i')?.packages[0]?.monthlyPrice).toBe(185);
      // Everything else is as it was.
      expect(live.devices.find((d) => d.id === 'km-c258')).toEqual(
        defaultCatalogue.devices.find((d) => d.id === 'km-c258'),
      );
      const { versions } = (await (await read('/api/admin/catalogue', cookie)).json()) as {
        versions: { version: number; createdBy: string; note: string; createdAt: string }[];
      };
      expect(versions[0]).toMatchObject({ version: live.version, createdBy: 'Kasia', note: 'Promocja jesienna' });
      expect(Date.parse(versions[0]!.createdAt)).not.toBeNaN();
    });

    it('the home page, as HTML without JavaScript, shows "od 185 zł" and carries the new catalogue inline', async () => {
      const html = await homeHtml();
      expect(html).toContain('<strong>185 zł</strong>');
      expect(html).not.toContain('<strong>195 zł</strong>');
      expect(html).toContain('227,55 zł brutto');
      const inline = html.match(/<script type="application\/json" id="kserowo-catalogue">(.*?)<\/script>/)?.[1];
      const catalogue = JSON.parse(inline ?? '{}') as Catalogue;
      expect(catalogue).toEqual(await liveCatalogue());
    });

    it('a new quote is priced with it and shows in the panel with its device, package and catalogue version', async () => {
      const res = await request('/api/quotes', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://kserowo.pl' },
        body: JSON.stringify({
          deviceId: 'km-c3320i',
          level: 'basic',
          term: 24,
          volume: { mono: 900, color: 150 },
          contact: { name: 'Piotr Wycena', email: 'piotr@firma.pl' },
          submissionId: crypto.randomUUID(),
          attribution: { page: '/konfigurator', origin: 'https://kserowo.pl', referrer: '', utm_source: 'google' },
        }),
      });
      expect(res.status).toBe(201);
      const quote = (await res.json()) as {
        id: string;
        number: string;
        quote: { monthlyNet: number; monthlyGross: number };
      };
      expect(quote.quote.monthlyNet).toBe(185);
      expect(quote.quote.monthlyGross).toBe(227.55);

      const cookie = await login();
      const { leads } = (await (await read('/api/admin/leads?kind=quote', cookie)).json()) as {
        leads: { id: string; quote: { number: string; deviceName: string; level: string; monthlyNet: number } }[];
      };
      expect(leads[0]?.quote).toEqual({
        number: quote.number,
        deviceName: 'Konica Minolta bizhub C3320i',
        level: 'basic',
        monthlyNet: 185,
      });
      const detail = (await (await read(`/api/admin/leads/${leads[0]!.id}`, cookie)).json()) as {
        quote: { url: string; catalogueVersion: number };
      };
      expect(detail.quote.url).toBe(`/wycena/${quote.id}`);
      expect(detail.quote.catalogueVersion).toBe((await liveCatalogue()).version);
      const stats = (await (await read('/api/admin/stats', cookie)).json()) as {
        quotesByDevice: unknown;
        quotesByPackage: unknown;
      };
      expect(stats.quotesByDevice).toEqual([{ key: 'Konica Minolta bizhub C3320i', count: 1 }]);
      expect(stats.quotesByPackage).toEqual([{ key: 'basic', count: 1 }]);
    });

    it('rolling back to the built-in catalogue restores 195 zł as a newer version', async () => {
      const cookie = await login();
      const before = (await liveCatalogue()).version;
      const res = await write('/api/admin/catalogue/versions/0/restore', {}, { cookie });
      expect(res.status).toBe(201);
      const live = await liveCatalogue();
      expect(live.version).toBe(before + 1);
      expect(live.devices).toEqual(defaultCatalogue.devices);
      expect(await homeHtml()).toContain('<strong>195 zł</strong>');
      const { versions } = (await (await read('/api/admin/catalogue', cookie)).json()) as {
        versions: { note: string }[];
      };
      expect(versions[0]?.note).toBe('Przywrócono cennik wbudowany (wersja 0)');
    });

    it('rolling back to a published version restores that version', async () => {
      const cookie = await login();
      const { versions } = (await (await read('/api/admin/catalogue', cookie)).json()) as {
        versions: { version: number; note: string | null }[];
      };
      const promo = versions.find((v) => v.note === 'Promocja jesienna')!;
      expect((await write(`/api/admin/catalogue/versions/${promo.version}/restore`, {}, { cookie })).status).toBe(201);
      expect(await homeHtml()).toContain('<strong>185 zł</strong>');
      expect((await write('/api/admin/catalogue/versions/9999/restore', {}, { cookie })).status).toBe(404);
    });
  });
});
