// Pages with prices and /api/catalogue after a publish and a rollback through the panel:
// the version is the validator (ETag, 304), the re-rendered page keeps the build's CSP
// (computed once per version, not per request), and an old ETag never gets a 304.
import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { catalogueChangeOf } from '../../widgets/core/catalogue-rules.ts';
import { login, request, testEnv, write } from './admin-helpers.ts';

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
