// Pages with prices and /api/catalogue after a publish and a rollback through the panel:
// the version is the validator (ETag, 304), the re-rendered page keeps the build's CSP
// (computed once per version, not per request), and an old ETag never gets a 304. Then
// the promise for a version another isolate published: on every view within the TTL.
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../app.ts';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { catalogueChangeOf } from '../admin-shared/catalogue-rules.ts';
import type { Device } from '../../widgets/core/model.ts';
import { ORIGIN, login, request, testEnv, write } from '../../tests/worker/admin-helpers.ts';

const views = ['/', '/modele', '/konfigurator', '/miasto/slupsk', '/api/catalogue'];

async function etags(): Promise<Map<string, string>> {
  const tags = new Map<string, string>();
  for (const path of views) {
    const res = await request(path);
    await res.body?.cancel();
    expect(res.status, path).toBe(200);
    tags.set(path, res.headers.get('etag') ?? '');
  }
  return tags;
}

async function expectValidators(tags: Map<string, string>, previous?: Map<string, string>): Promise<void> {
  for (const path of views) {
    const tag = tags.get(path) ?? '';
    expect(tag, path).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await request(path, { headers: { 'If-None-Match': tag } });
    expect(again.status, `${path} revalidated`).toBe(304);
    expect(await again.text()).toBe('');
    if (previous) {
      expect(tag, `${path} has a new validator`).not.toBe(previous.get(path));
      const old = await request(path, { headers: { 'If-None-Match': previous.get(path) ?? '' } });
      await old.body?.cancel();
      expect(old.status, `${path} with the old ETag`).toBe(200);
    }
  }
}

describe('the live catalogue on pages and the API', () => {
  it('changes validators with each publish and rollback, and keeps the built CSP on re-rendered pages', async () => {
    const builtPolicy = (await testEnv.ASSETS.fetch('http://kserowo.test/')).headers.get('content-security-policy');
    const before = await etags();
    await expectValidators(before);

    const cookie = await login('203.0.113.70');
    const change = catalogueChangeOf(defaultCatalogue);
    change.devices.find((d) => d.id === 'km-c3320i')!.packages[0]!.monthlyPrice = 189;
    expect(
      (await write('/api/admin/catalogue', { ...change, note: 'test' }, { cookie, ip: '203.0.113.70' })).status,
    ).toBe(201);
    const published = await etags();
    await expectValidators(published, before);
    const home = await request('/');
    expect(home.headers.get('x-kserowo-catalogue-version')).toBe('1');
    expect(home.headers.get('content-security-policy')).toBe(builtPolicy);
    expect(home.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await home.text()).toContain('<strong>189 zł</strong>');

    const restore = await write('/api/admin/catalogue/versions/0/restore', {}, { cookie, ip: '203.0.113.70' });
    expect(restore.status).toBe(201);
    const rolledBack = await etags();
    await expectValidators(rolledBack, published);
    expect(await (await request('/')).text()).toContain('<strong>195 zł</strong>');
  });
});

/**
 * The live catalogue's consistency promise (docs/catalogue.md "The live version and its caches"): a
 * version published by another isolate is on every page and `/api/catalogue` within
 * `LIVE_CATALOGUE_TTL_MS` of wrangler.toml, and nothing older is served after that, not
 * even as a 304 to an old ETag. This isolate holds its copy as deployed (the configured
 * TTL); the other isolate's publish is a row written straight to the shared D1, which
 * drops no isolate's copy (only a publish through this isolate's panel API would).
 */
describe('a version published by another isolate', () => {
  const ttlMs = Number(testEnv.LIVE_CATALOGUE_TTL_MS_CONFIGURED);
  const deployed = { ...testEnv, LIVE_CATALOGUE_TTL_MS: String(ttlMs) };
  const pages = ['/', '/modele', '/konfigurator', '/miasto/slupsk'];

  /** What a view shows: the C3320i Basic price of the page's inline catalogue or of the API. */
  async function shown(path: string, etag?: string) {
    const res = await app.fetch(
      new Request(`${ORIGIN}${path}`, { headers: etag ? { 'If-None-Match': etag } : {} }),
      deployed,
      createExecutionContext(),
    );
    const text = await res.text();
    const json = path.startsWith('/api/')
      ? text
      : (/<script type="application\/json" id="kserowo-catalogue">([^<]*)<\/script>/.exec(text)?.[1] ?? '');
    const catalogue = json ? (JSON.parse(json) as { devices: Device[] }) : undefined;
    const price = catalogue?.devices.find((d) => d.id === 'km-c3320i')?.packages[0]?.monthlyPrice;
    // The markup pre-rendered from it (the pages with price cards), apart from the inline JSON.
    const markup = text.replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/, '');
    return { status: res.status, etag: res.headers.get('etag') ?? '', price, rendered: markup.includes(`${price} zł`) };
  }

  /** Another isolate's publish: the row its `publishVersion` writes, and when it was written. */
  async function publishElsewhere(price: number): Promise<number> {
    const devices = structuredClone(defaultCatalogue.devices);
    devices.find((d) => d.id === 'km-c3320i')!.packages[0]!.monthlyPrice = price;
    await testEnv.DB.prepare("INSERT INTO catalogue_versions (data, note, created_by) VALUES (?, 'test', 'test')")
      .bind(JSON.stringify({ devices }))
      .run();
    return Date.now();
  }

  it('is on every page and the API within the TTL, a publish and a rollback alike, and nothing older after it', async () => {
    expect(ttlMs).toBeGreaterThan(0);
    for (const price of [178, 195]) {
      const before = new Map<string, string>();
      for (const path of [...pages, '/api/catalogue']) before.set(path, (await shown(path)).etag);
      expect((await shown('/api/catalogue')).price).not.toBe(price);
      const published = await publishElsewhere(price);
      // Within the promise: polled until shown (never asserted on time in between).
      await expect.poll(async () => (await shown('/api/catalogue')).price, { timeout: ttlMs + 2000 }).toBe(price);
      // After the promise: every view, again and again, and a revalidation with the old ETag.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, published + ttlMs - Date.now())));
      for (let round = 0; round < 3; round++) {
        for (const path of [...pages, '/api/catalogue']) {
          const fresh = await shown(path, round === 0 ? before.get(path) : undefined);
          expect(fresh.status, `${path} after an old ETag`).toBe(200);
          expect(fresh.price, path).toBe(price);
          if (!['/api/catalogue', '/konfigurator'].includes(path)) expect(fresh.rendered, `${path} prices`).toBe(true);
          expect((await shown(path, fresh.etag)).status, `${path} revalidated`).toBe(304);
        }
      }
    }
  }, 60_000);
});
