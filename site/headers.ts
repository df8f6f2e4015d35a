/**
 * Security headers of our pages (DESIGN §3): a CSP without inline scripts
 * (`script-src 'self'`), styles from our origin plus the hashes of the `<style>` blocks
 * pre-rendered into Declarative Shadow DOM, HSTS, nosniff, Referrer-Policy and
 * `frame-ancestors 'none'`. Widget files stay loadable cross-origin. The build writes
 * them into `_headers` for the static assets; the worker applies the same policy to
 * the pages it serves itself (worker/http/security.ts). No Node or DOM APIs here: both use it.
 */

export interface PolicyOptions {
  /** `'sha256-…'` sources of the inline `<style>` blocks the pages carry. */
  styleHashes?: string[];
  /** Hosts of the tag manager and pixel, added only when they are configured (after consent). */
  analyticsHosts?: string[];
}

/** Every `<style>` element's text in an HTML document, including those inside templates. */
export function styleBlocks(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
}

/** The Content-Security-Policy of a page. */
export function contentSecurityPolicy({ styleHashes = [], analyticsHosts = [] }: PolicyOptions = {}): string {
  const hosts = analyticsHosts.length ? ` ${analyticsHosts.join(' ')}` : '';
  const hashes = [...new Set(styleHashes)]
    .sort()
    .map((h) => ` '${h}'`)
    .join('');
  return [
    "default-src 'self'",
    `script-src 'self'${hosts}`,
    `style-src 'self'${hashes}`,
    `img-src 'self' data:${hosts}`,
    `connect-src 'self'${hosts}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers of every page besides the CSP. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** Headers that keep the widget files loadable from partner pages (module scripts need CORS). */
export const CROSS_ORIGIN_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Access-Control-Allow-Origin': '*',
};

/** The static assets' `_headers` file (Cloudflare's format: a path pattern, then indented headers). */
export function headersFile(styleHashes: string[], options: Omit<PolicyOptions, 'styleHashes'> = {}): string {
  const block = (pattern: string, headers: Record<string, string>) =>
    [pattern, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  return [
    '# Written by the build (site/headers.ts): do not edit by hand.',
    block('/*', { 'Content-Security-Policy': contentSecurityPolicy({ ...options, styleHashes }), ...PAGE_HEADERS }),
    block('/widgets/*', { ...CROSS_ORIGIN_HEADERS }),
    '',
  ].join('\n');
}

/** `'sha256-…'` of a text, with the platform's WebCrypto (Node 20 and workerd alike). */
export async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha256-${btoa(binary)}`;
}
