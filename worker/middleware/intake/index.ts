/**
 * The guard in front of every public lead form (`POST /api/send-contact-email`, and
 * `POST /api/quotes`), in the order a request meets it:
 *  1. per-IP rate limit (`[[ratelimits]]` binding `LEAD_RATE_LIMIT`) → 429, keyed by the
 *     IPv4 address or the IPv6 /64 (one subscriber's network); a request without
 *     `CF-Connecting-IP` is not limited (Cloudflare always sets it: without it the
 *     deployment is misconfigured, which is logged outside local development);
 *  2. `Content-Type: application/json` → else 415;
 *  3. body at most 16 KB (declared or streamed) → else 413; the rest of an oversized body
 *     is read to its end and dropped rather than cancelled: a cancelled body (at any size,
 *     1.15 MB or 10 MB alike) broke the next request in workerd ('Your worker restarted
 *     mid-request') or reset the client's connection while it was still sending;
 *  4. UTF-8 JSON object → else 400;
 *  5. honeypot `website` filled → the form's normal-looking success, nothing stored;
 *  6. `submissionId` a UUID (or one is made here) → else 400.
 * What passes is in `c.get('intake')`. Every refusal is JSON `{error}` in Polish.
 */
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { INTAKE_ERRORS } from '../../http/errors.ts';
import { check, FIELD_ERRORS, submissionIdSchema } from '../../../widgets/core/validation.ts';
import { LEAD_BODY_MAX_BYTES } from '../../../widgets/core/limits.ts';

/** The largest body a public form may send: the limit its refusal states (`INTAKE_ERRORS.tooLarge`). */
export const MAX_BODY_BYTES = LEAD_BODY_MAX_BYTES;

export interface LeadRequest {
  /** The parsed JSON object, not yet validated against the form's schema. */
  body: Record<string, unknown>;
  /** The form fill's UUID, or one made here for clients that send none (spec §7's bare payload). */
  submissionId: string;
  /** The request's `Origin` header. */
  origin: string | null;
  ip: string;
}

export type IntakeEnv = { Bindings: Env; Variables: { intake: LeadRequest } };

export interface LeadIntakeOptions {
  /** Default 16 KB. */
  maxBytes?: number;
  /** The answer to a filled honeypot: by default `200 {ok: true, id}` with an id that leads nowhere. */
  spamAnswer?: (c: Context<IntakeEnv>) => Response | Promise<Response>;
}

const isJson = (contentType: string | undefined): boolean => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/**
 * How much of an oversized body is read and dropped before the reader is cancelled: the
 * largest body Cloudflare passes to a Worker (100 MB on the Free and Pro plans), so in
 * practice every refused body is read to its end. Reading costs little CPU (the bytes
 * are not kept); cancelling is what broke the runtime.
 */
export const MAX_DRAIN_BYTES = 100 * 1024 * 1024;

/** Reads the rest of a refused body and drops it; cancels past `MAX_DRAIN_BYTES`. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number): Promise<void> {
  try {
    let size = seen;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > MAX_DRAIN_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to drain.
  }
}

/** Reads at most `max` bytes of the body; undefined when there are more (the rest is drained). */
export async function readCapped(request: Request, max: number): Promise<Uint8Array | undefined> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await drain(reader, size);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Expands an IPv6 address to its eight groups; undefined when it is not one. */
function ipv6Groups(ip: string): string[] | undefined {
  let text = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  // An IPv4 tail (::ffff:192.0.2.1) as two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return undefined;
  const groups = [...head, ...Array(fill).fill('0'), ...tail];
  if (groups.length !== 8 || !groups.every((g) => /^[\da-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}

/**
 * The rate-limit key of a client address: an IPv4 address as is (also when mapped into
 * IPv6), an IPv6 address by its /64, since one subscriber gets a whole /64 and can change
 * the rest at will.
 * @example rateLimitKey('2001:db8:1:2:aaaa::1') === '2001:db8:1:2::/64'
 */
export function rateLimitKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff')
    return [groups[6], groups[7]]
      .map((g) => Number.parseInt(g ?? '0', 16))
      .flatMap((n) => [n >> 8, n & 255])
      .join('.');
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * Whether client `ip` is over `limiter`'s limit. A limiter outage lets the request through
 * (it must not cost a lead or a form), logged under `who`.
 * @example if (ip && (await overLimit(c.env.LEAD_RATE_LIMIT, ip, 'lead intake'))) return tooMany(c);
 */
export async function overLimit(limiter: RateLimit, ip: string, who: string): Promise<boolean> {
  try {
    const { success } = await limiter.limit({ key: rateLimitKey(ip) });
    return !success;
  } catch (error) {
    console.error(`${who}: rate limiter unavailable`, error);
    return false;
  }
}

/** Hosts of local development and tests, where a request without `CF-Connecting-IP` is normal. */
const isLocalHost = (url: string): boolean =>
  /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|.*\.(test|localhost))$/.test(new URL(url).hostname);

/** One-line header text for the notification: control, format and line-break characters dropped. */
const oneLine = (text: string | undefined): string | null =>
  text === undefined ? null : text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '');

/**
 * Whether the hidden honeypot field was filled: anything but what an untouched text input
 * sends. A body may carry `{"toString": false}`, so the value is only ever looked at with
 * `typeof`, never turned into text: a value that is not a string is simply filled.
 * @example honeypotFilled('') === false; honeypotFilled({ toString: false }) === true
 */
export const honeypotFilled = (honeypot: unknown): boolean =>
  !(
    honeypot === undefined ||
    honeypot === null ||
    honeypot === false ||
    (typeof honeypot === 'string' && honeypot.trim() === '')
  );

/**
 * The lead intake middleware: rate limit, JSON type, size, honeypot and `submissionId`, in
 * the order of this module's header; what passes is `c.get('intake')`.
 * Defaults: `maxBytes` = `MAX_BODY_BYTES` (16 KB, the limit the refusal states);
 * `spamAnswer` = `200 {ok: true, id}` with a fresh id that leads nowhere.
 * @example quotes.post('/', leadIntake({ spamAnswer: (c) => c.json({ ok: true, id: '…' }, 201) }), handler)
 */
export function leadIntake(options: LeadIntakeOptions = {}) {
  const opts = {
    maxBytes: MAX_BODY_BYTES,
    spamAnswer: (c: Context<IntakeEnv>) => c.json({ ok: true, id: crypto.randomUUID() }),
    ...options,
  } satisfies Required<LeadIntakeOptions>;

  return createMiddleware<IntakeEnv>(async (c, next) => {
    // The answer depends on the caller's Origin only through CORS; say so to caches.
    c.header('Vary', 'Origin', { append: true });
    c.header('Cache-Control', 'no-store');
    const ip = c.req.header('CF-Connecting-IP');

    if (ip) {
      if (await overLimit(c.env.LEAD_RATE_LIMIT, ip, 'lead intake')) {
        c.header('Retry-After', '60');
        return c.json({ error: INTAKE_ERRORS.tooMany }, 429);
      }
    } else if (!isLocalHost(c.req.url)) {
      // Not one shared bucket for everyone: a configuration error to fix, not a visitor's.
      console.error('lead intake: no CF-Connecting-IP header (configuration error), rate limit skipped', {
        url: c.req.url,
      });
    }

    if (!isJson(c.req.header('Content-Type'))) return c.json({ error: INTAKE_ERRORS.notJson }, 415);
    const declared = Number(c.req.header('Content-Length') ?? '0');
    if (declared > opts.maxBytes) return c.json({ error: INTAKE_ERRORS.tooLarge }, 413);
    const bytes = await readCapped(c.req.raw, opts.maxBytes);
    if (!bytes) return c.json({ error: INTAKE_ERRORS.tooLarge }, 413);

    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      return c.json({ error: INTAKE_ERRORS.badJson }, 400);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return c.json({ error: INTAKE_ERRORS.badJson }, 400);
    const fields = body as Record<string, unknown>;

    if (honeypotFilled(fields.website)) {
      console.warn('lead intake: honeypot filled, nothing stored', { ip });
      return opts.spamAnswer(c);
    }

    const submission = check(submissionIdSchema, fields.submissionId);
    if (!submission.ok) return c.json({ error: FIELD_ERRORS.submissionId, field: 'submissionId' }, 400);

    c.set('intake', {
      body: fields,
      submissionId: submission.data?.toLowerCase() ?? crypto.randomUUID(),
      origin: oneLine(c.req.header('Origin')),
      ip: ip ?? 'nieznany',
    });
    await next();
  });
}
