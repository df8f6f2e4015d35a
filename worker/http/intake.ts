/**
 * The guard in front of every public lead form (`POST /api/send-contact-email`, and
 * `POST /api/quotes` of issue 5), in the order a request meets it:
 *  1. per-IP rate limit (`[[ratelimits]]` binding `LEAD_RATE_LIMIT`) → 429;
 *  2. `Content-Type: application/json` → else 415;
 *  3. body at most 16 KB (declared or streamed) → else 413;
 *  4. UTF-8 JSON object → else 400;
 *  5. honeypot `website` filled → the form's normal-looking success, nothing stored;
 *  6. `submissionId` a UUID (or one is made here) → else 400.
 * What passes is in `c.get('intake')`. Every refusal is JSON `{error}` in Polish.
 */
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { INTAKE_ERRORS } from './errors.ts';
import { check, FIELD_ERRORS, submissionIdSchema } from '../../widgets/core/validation.ts';

export const MAX_BODY_BYTES = 16 * 1024;

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

/** Reads at most `max` bytes of the body; undefined when there are more. */
async function readCapped(request: Request, max: number): Promise<Uint8Array | undefined> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
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

const filled = (honeypot: unknown): boolean =>
  honeypot !== undefined && honeypot !== null && honeypot !== false && String(honeypot).trim() !== '';

/**
 * The lead intake middleware.
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
    const ip = c.req.header('CF-Connecting-IP') ?? 'unknown';

    try {
      const { success } = await c.env.LEAD_RATE_LIMIT.limit({ key: ip });
      if (!success) {
        c.header('Retry-After', '60');
        return c.json({ error: INTAKE_ERRORS.tooMany }, 429);
      }
    } catch (error) {
      // A limiter outage must not cost a lead: let the request through.
      console.error('lead intake: rate limiter unavailable', error);
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

    if (filled(fields.website)) {
      console.warn('lead intake: honeypot filled, nothing stored', { ip });
      return opts.spamAnswer(c);
    }

    const submission = check(submissionIdSchema, fields.submissionId);
    if (!submission.ok) return c.json({ error: FIELD_ERRORS.submissionId }, 400);

    c.set('intake', {
      body: fields,
      submissionId: submission.data?.toLowerCase() ?? crypto.randomUUID(),
      origin: c.req.header('Origin') ?? null,
      ip,
    });
    await next();
  });
}
