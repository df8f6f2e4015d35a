// Every route of the worker answers the security headers of the one definition
// (widgets/core/headers.ts), found by walking the Hono router itself, so a route added later is
// checked without anyone listing it here. The static files are checked against the same
// definition by tests/browser/headers.spec.ts.
import { describe, expect, it } from 'vitest';
import { app } from '../../app.ts';
import { type AnswerKind, answerKind, contentSecurityPolicy, securityHeaders } from '../../../widgets/core/headers.ts';
import { ORIGIN, login, request, testEnv } from '../../../tests/worker/admin-helpers.ts';

/** Every method + path the router knows (middleware, registered for every method, aside). */
const routes = [
  ...new Map(app.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r] as const)).values(),
];

/** A concrete path for a route pattern (`:version` → `1`, any other parameter → a made-up id). */
const concrete = (pattern: string): string =>
  pattern
    .replace(/:version\b/g, '1')
    .replace(/:[a-z]+(\{[^}]*\})?/gi, 'abcdefghijklmnop')
    .replace(/(.)\/$/, '$1');

async function answer(method: string, path: string, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { Origin: ORIGIN, 'CF-Connecting-IP': '203.0.113.7' };
  if (cookie) headers.Cookie = cookie;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (hasBody) headers['Content-Type'] = 'application/json';
  return request(path, { method, headers, body: hasBody ? '{}' : undefined });
}

/** The static pages' CSP as the build wrote it (`_headers`, read through the assets binding). */
async function builtPagePolicy(): Promise<string> {
  const res = await testEnv.ASSETS.fetch(`${ORIGIN}/kontakt`);
  await res.body?.cancel();
  return res.headers.get('content-security-policy') ?? '';
}

async function expectDefinition(method: string, path: string, res: Response, pagePolicy: string): Promise<void> {
  const kind: AnswerKind = answerKind(path);
  const where = `${method} ${path} (${kind}, ${res.status})`;
  const got = Object.fromEntries(res.headers);
  for (const [name, value] of Object.entries(securityHeaders(kind)))
    expect(got[name.toLowerCase()], `${where}: ${name}`).toBe(value);
  const csp = got['content-security-policy'];
  const isHtml = (got['content-type'] ?? '').includes('text/html');
  if (kind.endsWith('-api')) expect(csp, `${where}: an API answer has no page CSP`).toBeUndefined();
  else if (isHtml) {
    expect(csp, `${where}: CSP`).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    // Our pages share the build's policy, whether static, passed through or re-rendered.
    if (kind === 'page') expect([pagePolicy, contentSecurityPolicy()], `${where}: CSP`).toContain(csp);
  }
  await res.body?.cancel();
}

describe('security headers of every worker route', () => {
  it('finds the routes in the router (pages, public API, admin API, quote page)', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    for (const known of ['GET /api/catalogue', 'POST /api/send-contact-email', 'GET /admin', 'GET /wycena/:id'])
      expect(paths).toContain(known);
    expect(paths).toContain('GET /');
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  // Two requests per route of the whole router: over 4 s on a quiet machine, so not the default 5 s.
  it('every route, anonymous and logged in, answers exactly the defined headers', { timeout: 60_000 }, async () => {
    const pagePolicy = await builtPagePolicy();
    expect(pagePolicy).toContain("style-src 'self' 'sha256-");
    const cookie = await login('203.0.113.60');
    for (const route of routes) {
      const path = concrete(route.path);
      if (route.method === 'POST' && /logout$/.test(path)) continue; // would end the session used below
      for (const who of [undefined, cookie]) {
        const res = await answer(route.method, path, who);
        await expectDefinition(route.method, path, res, pagePolicy);
      }
    }
    // Logging out last, and the answers the router gives outside its routes.
    for (const [method, path] of [
      ['POST', '/api/admin/logout'],
      ['GET', '/admin/nie-ma-takiej-strony'],
      ['GET', '/api/nie-ma-takiego'],
      ['GET', '/miasto/nie-ma-takiego'],
      ['OPTIONS', '/api/catalogue'],
      ['OPTIONS', '/api/quotes'],
    ] as const)
      await expectDefinition(method, path, await answer(method, path, cookie), pagePolicy);
  });

  it('/admin and /admin/anything both carry HSTS and Permissions-Policy; JSON answers carry nosniff', async () => {
    for (const path of ['/admin', '/admin/cokolwiek']) {
      const res = await request(path);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
    }
    for (const path of ['/api/catalogue', '/api/health', '/api/admin/session', '/api/nie-ma']) {
      const res = await request(path);
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
