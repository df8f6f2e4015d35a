// Every static answer (each file of the built site, the widget files and every page route)
// carries the security headers of the one definition (widgets/core/headers.ts), as served by the
// real assets layer and worker in `wrangler dev`. The worker's own routes are walked in
// worker/middleware/security/headers.test.ts. The expected page CSP is recomputed here from the built
// pages' `<style>` blocks, not read from `_headers`.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { analyticsHosts } from '../../widgets/core/site-analytics.ts';
import {
  answerKind,
  contentSecurityPolicy,
  securityHeaders,
  sha256Source,
  styleBlocks,
} from '../../widgets/core/headers.ts';
import { publicRoutes } from '../../site/routes.ts';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/public');

/** Every built file, relative to the public directory. */
const builtFiles = (dir = publicDir): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? builtFiles(path.join(dir, e.name))
      : [path.relative(publicDir, path.join(dir, e.name)).split(path.sep).join('/')],
  );

/** The address a built file is served at, and the status it answers with. */
function addressOf(file: string): { url: string; status: number } | undefined {
  if (file === '_headers' || file === '_redirects') return undefined; // read by the platform, never served
  if (file === '404.html') return { url: '/nie-ma-takiej-strony', status: 404 };
  if (file === 'index.html') return { url: '/', status: 200 };
  if (file === 'admin.html') return { url: '/admin', status: 200 };
  if (file.endsWith('.html')) return { url: `/${file.slice(0, -'.html'.length)}`, status: 200 };
  return { url: `/${file}`, status: 200 };
}

test('every built file, widget file and page route answers the headers of the one definition', async ({ request }) => {
  const files = builtFiles();
  const pages = files.filter((f) => f.endsWith('.html')).map((f) => readFileSync(path.join(publicDir, f), 'utf8'));
  const hashes = await Promise.all([...new Set(pages.flatMap(styleBlocks))].map(sha256Source));
  const pagePolicy = contentSecurityPolicy({ styleHashes: hashes, analyticsHosts: analyticsHosts() });

  const targets = new Map<string, number>();
  for (const file of files) {
    const address = addressOf(file);
    if (address) targets.set(address.url, address.status);
  }
  for (const route of publicRoutes) targets.set(route, 200);
  expect([...targets.keys()].filter((u) => u.startsWith('/widgets/v1/')).length).toBeGreaterThan(5);
  expect(targets.get('/widgets/v1/kserowo.js')).toBe(200);

  for (const [url, status] of targets) {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(status);
    const kind = answerKind(url);
    const headers = res.headers();
    for (const [name, value] of Object.entries(securityHeaders(kind)))
      expect(headers[name.toLowerCase()], `${url} (${kind}): ${name}`).toBe(value);
    if (kind === 'page' || kind === 'widget-file')
      expect(headers['content-security-policy'], `${url}: CSP`).toBe(pagePolicy);
  }
});
