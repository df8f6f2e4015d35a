import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../widgets/core/catalogue.ts';
import type { Catalogue } from '../widgets/core/model.ts';

const request = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://kserowo.test${path}`, init);

describe('GET /api/catalogue', () => {
  it('serves the built-in catalogue with the spec field names', async () => {
    const res = await request('/api/catalogue');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as Catalogue;
    expect(body).toEqual(defaultCatalogue);
    expect(body.devices).toHaveLength(8);
    const c3320i = body.devices.find((d) => d.id === 'km-c3320i');
    expect(Object.keys(c3320i ?? {}).sort()).toEqual([
      'features',
      'format',
      'id',
      'isRefurbished',
      'model',
      'name',
      'packages',
      'type',
    ]);
    expect(c3320i?.packages[0]).toEqual({
      level: 'basic',
      monthlyPrice: 195,
      monthlyLimit: 900,
      colorLimit: 150,
      overage: { mono: 0.08, color: 0.22 },
    });
  });

  it('has an ETag and answers 304 to If-None-Match', async () => {
    const first = await request('/api/catalogue');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const second = await request('/api/catalogue', { headers: { 'If-None-Match': etag ?? '' } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
  });

  it('is open to any origin, without credentials', async () => {
    const res = await request('/api/catalogue', { headers: { Origin: 'https://partner.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await request('/api/catalogue', {
      method: 'OPTIONS',
      headers: { Origin: 'https://partner.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves the newest version published to D1', async () => {
    const { env } = await import('cloudflare:workers');
    const devices = structuredClone(defaultCatalogue.devices);
    devices[0]!.packages[0]!.monthlyPrice = 211;
    await (env as Env).DB.prepare('INSERT INTO catalogue_versions (data) VALUES (?)')
      .bind(JSON.stringify({ devices }))
      .run();
    const body = (await (await request('/api/catalogue')).json()) as Catalogue;
    expect(body.version).toBeGreaterThan(0);
    expect(body.devices[0]?.packages[0]?.monthlyPrice).toBe(211);
  });
});

describe('GET /api/health', () => {
  it('reports the D1 check', async () => {
    const res = await request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, d1: 'ok' });
  });
});

describe('unknown paths', () => {
  it('answers the site 404 page with status 404 where the worker runs first', async () => {
    const res = await request('/admin/no-such-page');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('Nie znaleziono strony');
  });

  it('answers unknown API paths with a Polish JSON error and 404', async () => {
    const res = await request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(/Nie znaleziono/);
  });
});
