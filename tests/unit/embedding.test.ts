// What a partner page and our own CSP depend on: the widget files' header rules and the
// analytics hosts the page CSP allows only when a tool is configured.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, SHORT_CACHE, widgetHeaders } from '../../scripts/widget-headers.mjs';
import { analyticsCspSources } from '../../widgets/core/site-analytics.ts';
import { securityHeaders } from '../../widgets/core/headers.ts';

/** `_headers` text → path → header lines. */
function rules(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!line.startsWith(' ')) {
      current = [];
      map.set(line, current);
    } else current?.push(line.trim());
  }
  return map;
}

describe('widgetHeaders()', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kserowo-widgets-'));
  writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({
      files: {
        'kserowo.1a2b3c4d.js': { integrity: 'sha384-a', name: 'kserowo' },
        'kserowo.js': { integrity: 'sha384-a', name: 'kserowo', alias: 'kserowo.1a2b3c4d.js' },
        'runtime.5e6f7a8b.js': { integrity: 'sha384-b', name: 'runtime' },
      },
    }),
  );
  const headers = rules(widgetHeaders(dir, securityHeaders('widget-file')));

  it('has one rule per built file and the manifest', () => {
    expect([...headers.keys()].sort()).toEqual([
      '/widgets/v1/kserowo.1a2b3c4d.js',
      '/widgets/v1/kserowo.js',
      '/widgets/v1/manifest.json',
      '/widgets/v1/runtime.5e6f7a8b.js',
    ]);
  });

  it('lets any origin load every file, without credentials', () => {
    for (const lines of headers.values()) {
      expect(lines).toContain('Access-Control-Allow-Origin: *');
      expect(lines).toContain('Cross-Origin-Resource-Policy: cross-origin');
      expect(lines.some((l) => /credentials/i.test(l))).toBe(false);
    }
  });

  it('caches hashed files for a year and the alias and manifest for minutes', () => {
    expect(headers.get('/widgets/v1/runtime.5e6f7a8b.js')).toContain(`Cache-Control: ${IMMUTABLE_CACHE}`);
    expect(headers.get('/widgets/v1/kserowo.1a2b3c4d.js')).toContain(`Cache-Control: ${IMMUTABLE_CACHE}`);
    expect(headers.get('/widgets/v1/kserowo.js')).toContain(`Cache-Control: ${SHORT_CACHE}`);
    expect(headers.get('/widgets/v1/manifest.json')).toContain(`Cache-Control: ${SHORT_CACHE}`);
  });

  it('drops what a broader page rule set for the same headers first', () => {
    for (const lines of headers.values()) {
      expect(lines.indexOf('! Cache-Control')).toBeLessThan(lines.findIndex((l) => l.startsWith('Cache-Control:')));
      expect(lines).toContain('! Cross-Origin-Resource-Policy');
    }
  });
});

describe('analyticsCspSources()', () => {
  it('adds no host while no id is configured (the default)', () => {
    expect(analyticsCspSources({ gtm: '', pixel: '' })).toEqual({ 'script-src': [], 'connect-src': [], 'img-src': [] });
    expect(analyticsCspSources()).toEqual({ 'script-src': [], 'connect-src': [], 'img-src': [] });
  });

  it('adds the tag manager hosts only for a tag manager id, the pixel hosts only for a pixel id', () => {
    const gtm = analyticsCspSources({ gtm: 'GTM-ABC1234', pixel: '' });
    expect(gtm['script-src']).toEqual(['https://www.googletagmanager.com']);
    expect(gtm['connect-src'].join(' ')).not.toMatch(/facebook/);
    const pixel = analyticsCspSources({ gtm: '', pixel: '123' });
    expect(pixel['script-src']).toEqual(['https://connect.facebook.net']);
    expect(pixel['connect-src'].join(' ')).not.toMatch(/google/);
  });
});
