// Security headers on what the worker answers itself (DESIGN §3, §4).
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const request = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://kserowo.test${path}`, init);

describe('pages served by the worker', () => {
  it('carry the CSP without inline scripts, HSTS, nosniff, Referrer-Policy and frame-ancestors', async () => {
    const res = await request('/admin/nie-ma-takiej-strony');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('the public API', () => {
  it('stays loadable cross-origin and gets no page CSP', async () => {
    const res = await request('/api/catalogue', { headers: { Origin: 'https://partner.example' } });
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});
