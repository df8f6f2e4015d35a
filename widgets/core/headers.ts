/**
 * Security headers of our pages (DESIGN §3): a CSP without inline scripts
 * (`script-src 'self'`), styles from our origin plus the hashes of the `<style>` blocks
 * pre-rendered into Declarative Shadow DOM, HSTS, nosniff, Referrer-Policy and
 * `frame-ancestors 'none'`. Widget files stay loadable cross-origin. The build writes
 * them into `_headers` for the static assets; the worker applies the same policy to
 * the pages it serves itself (worker/middleware/security/index.ts). No Node or DOM APIs here: both use it.
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

/**
 * The one definition of the security headers of every answer: the build
 * writes the static ones into `_headers` from it (`headersFile`), and the worker's
 * middleware (worker/middleware/security/index.ts) applies it to what the worker answers, by the
 * same `answerKind` of the path. worker/middleware/security/headers.test.ts and
 * tests/browser/headers.spec.ts compare every route with it.
 */
export type AnswerKind = 'page' | 'admin-page' | 'private-page' | 'public-api' | 'admin-api' | 'widget-file';

/** Headers of every answer, whatever it is. */
const EVERY_ANSWER: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Headers of every page besides the CSP. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...EVERY_ANSWER,
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** Headers that keep the widget files loadable from partner pages (module scripts need CORS). */
export const CROSS_ORIGIN_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Access-Control-Allow-Origin': '*',
};

/** The admin panel's page: scripts, styles and requests from our own origin only; no inline anything, no framing. */
export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NOINDEX = { 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * The security headers of an answer of `kind`. `Content-Security-Policy` is included
 * where it is fixed (the admin page); a page's CSP depends on its style blocks (static:
 * `_headers`; re-rendered: once per catalogue version) and a private page brings its own.
 */
export function securityHeaders(kind: AnswerKind): Record<string, string> {
  switch (kind) {
    case 'page':
      return { ...PAGE_HEADERS };
    case 'admin-page':
      return { ...PAGE_HEADERS, 'Content-Security-Policy': ADMIN_CSP, 'Referrer-Policy': 'same-origin', ...NOINDEX };
    case 'private-page':
      // A quote's secret address is never sent on as a referrer.
      return { ...PAGE_HEADERS, 'Referrer-Policy': 'no-referrer', ...NOINDEX };
    case 'public-api':
      return { ...EVERY_ANSWER, 'Cross-Origin-Resource-Policy': 'cross-origin' };
    case 'admin-api':
      return { ...EVERY_ANSWER, 'Cross-Origin-Resource-Policy': 'same-origin', ...NOINDEX };
    case 'widget-file':
      return { ...PAGE_HEADERS, ...CROSS_ORIGIN_HEADERS };
  }
}

/** What an answer at `path` is (static files and worker routes alike). */
export function answerKind(path: string): AnswerKind {
  if (path.startsWith('/api/admin/') || path === '/api/admin') return 'admin-api';
  if (path.startsWith('/api/')) return 'public-api';
  if (path === '/admin' || path === '/admin/') return 'admin-page';
  // Pages behind an unguessable id: a quote, its order, a service ticket's status, an invoice's copy;
  // and the partner's own page, behind its sign-in (its figures and statements are the partner's alone).
  if (
    path === '/partner' ||
    path.startsWith('/partner/') ||
    path.startsWith('/wycena/') ||
    path.startsWith('/zamowienie/') ||
    path.startsWith('/serwis/zgloszenie/') ||
    path.startsWith('/faktura/')
  )
    return 'private-page';
  if (path.startsWith('/widgets/')) return 'widget-file';
  return 'page';
}

/** Whether the answer's CSP comes from its route (page: its style hashes; private page: its own). */
export const cspFromRoute = (kind: AnswerKind): boolean => kind === 'page' || kind === 'private-page';

/** The `'sha256-…'` sources of a policy (to extend a page's policy with more hashes). */
export function hashesInPolicy(policy: string): string[] {
  return [...policy.matchAll(/'(sha256-[A-Za-z0-9+/=]+)'/g)].map((m) => m[1] ?? '');
}

/** The static assets' `_headers` file (Cloudflare's format: a path pattern, then indented headers). */
export function headersFile(styleHashes: string[], options: Omit<PolicyOptions, 'styleHashes'> = {}): string {
  const block = (pattern: string, headers: Record<string, string>) =>
    [pattern, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  // `/widgets/*` matches `/*` too: it adds only what pages lack (Cloudflare joins a header set by both).
  const page = securityHeaders('page');
  const widgetOnly = Object.fromEntries(
    Object.entries(securityHeaders('widget-file')).filter(([name]) => !(name in page)),
  );
  return [
    '# Written by the build (widgets/core/headers.ts): do not edit by hand.',
    block('/*', { 'Content-Security-Policy': contentSecurityPolicy({ ...options, styleHashes }), ...page }),
    block('/widgets/*', widgetOnly),
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

/**
 * The CSP of a page the worker renders behind an unguessable id (a quote, a ticket's status, an
 * order): nothing but its own inline style and, when it has one, its inline script, each by its
 * hash; `connectSrc` when its script calls an API (the order page's: 'self').
 * @example await privatePageCsp('body{margin:0}') // "default-src 'none'; style-src 'sha256-…'; img-src 'self'; …"
 */
export async function privatePageCsp(
  style: string,
  script?: string,
  formAction = "'none'",
  connectSrc?: string,
): Promise<string> {
  const [styleHash, scriptHash] = await Promise.all([sha256Source(style), script && sha256Source(script)]);
  const scripts = scriptHash ? ` script-src '${scriptHash}';` : '';
  const connect = connectSrc ? ` connect-src ${connectSrc};` : '';
  return `default-src 'none'; style-src '${styleHash}';${scripts}${connect} img-src 'self'; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`;
}
