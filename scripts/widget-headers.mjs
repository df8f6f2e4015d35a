// Headers of the widget files (`/widgets/v1/*`) for the static assets' `_headers` file
// (DESIGN §2, §3): partners load them cross-origin as module scripts, which needs CORS,
// and pages with COEP need `Cross-Origin-Resource-Policy: cross-origin`. Hashed files
// never change, so they are cached for a year; the `kserowo.js` alias and `manifest.json`
// point at the newest build and are cached for five minutes.
// Their security headers are not defined here: site/build.tsx passes them from the one
// definition (widgets/core/headers.ts `securityHeaders('widget-file')`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const WIDGETS_PATH = '/widgets/v1';
// (Not `must-revalidate`: the assets server drops a Cache-Control rule with it.)
export const SHORT_CACHE = 'public, max-age=300';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Types for hosts: the TypeScript declarations and the Custom Elements Manifest. */
export const HOST_TYPE_FILES = ['kserowo.d.ts', 'custom-elements.json'];

/**
 * The `_headers` block for the widget files built into `widgetsDir`: one rule per file
 * (from the build's manifest), each first dropping (`! Name`) what a broader page rule
 * such as `/*` may have set for the same header, then setting `headers` and its cache rule.
 * @param {string} widgetsDir
 * @param {Readonly<Record<string, string>>} headers the widget files' security headers
 */
export function widgetHeaders(widgetsDir, headers) {
  const manifest = JSON.parse(readFileSync(path.join(widgetsDir, 'manifest.json'), 'utf8'));
  const files = Object.entries(manifest.files).map(([name, file]) => [
    name,
    file.alias ? SHORT_CACHE : IMMUTABLE_CACHE,
  ]);
  files.push(['manifest.json', SHORT_CACHE]);
  // Generated from the widgets' contracts (scripts/contracts.ts), at stable URLs for hosts.
  for (const name of HOST_TYPE_FILES) if (existsSync(path.join(widgetsDir, name))) files.push([name, SHORT_CACHE]);
  files.sort(([a], [b]) => a.localeCompare(b));
  const lines = ['# Widget files: loadable from any site, without credentials (scripts/widget-headers.mjs).'];
  for (const [name, cache] of files) {
    lines.push(
      `${WIDGETS_PATH}/${name}`,
      ...Object.keys(headers).map((h) => `  ! ${h}`),
      '  ! Cache-Control',
      ...Object.entries(headers).map(([h, value]) => `  ${h}: ${value}`),
      `  Cache-Control: ${cache}`,
    );
    // The assets server would call `.ts` an MPEG transport stream.
    if (name.endsWith('.d.ts')) lines.push('  ! Content-Type', '  Content-Type: text/plain; charset=utf-8');
  }
  return `${lines.join('\n')}\n`;
}
