/**
 * The guard of the HTML forms our own pages post to the worker (the customer's page, the
 * ticket look-up), the form-encoded twin of the lead intake (worker/middleware/intake): the per-IP rate
 * limit of the lead forms, our own origin only (403: a form posted from another site),
 * `application/x-www-form-urlencoded` only (415), at most 16 KB (413). The fields are in
 * `c.get('form')`, a repeated field as a list; nothing of them is trusted yet.
 */
import type { Context, Env as HonoEnv } from 'hono';
import { createMiddleware } from 'hono/factory';
import { sameOrigin } from './auth.ts';
import { INTAKE_ERRORS } from './errors.ts';
import { MAX_BODY_BYTES, overLimit, readCapped } from '../middleware/intake/index.ts';
import { PORTAL_ERRORS } from '../../widgets/core/portal-validation.ts';

export type FormFields = Record<string, string | string[]>;
export type PageFormEnv = { Bindings: Env; Variables: { form: FormFields } };

const isForm = (type: string | undefined) => /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type ?? '');

/**
 * @example page.post('/x', pageFormGuard({ tooMany: (c) => c.html(tooManyPage, 429) }), handler)
 */
export function pageFormGuard<E extends HonoEnv & PageFormEnv>(
  options: { tooMany?: (c: Context<E>) => Response | Promise<Response> } = {},
) {
  const opts = {
    tooMany: (c: Context<E>) => c.json({ error: INTAKE_ERRORS.tooMany }, 429),
    ...options,
  } satisfies Required<typeof options>;
  return createMiddleware<E>(async (c, next) => {
    const ip = c.req.header('CF-Connecting-IP');
    if (ip && (await overLimit(c.env.LEAD_RATE_LIMIT, ip, 'page form'))) {
      c.header('Retry-After', '60');
      return opts.tooMany(c);
    }
    if (!sameOrigin(c.req.raw)) return c.json({ error: PORTAL_ERRORS.origin }, 403);
    if (!isForm(c.req.header('Content-Type'))) return c.json({ error: PORTAL_ERRORS.notForm }, 415);
    if (Number(c.req.header('Content-Length') ?? '0') > MAX_BODY_BYTES)
      return c.json({ error: INTAKE_ERRORS.tooLarge }, 413);
    const bytes = await readCapped(c.req.raw, MAX_BODY_BYTES);
    if (!bytes) return c.json({ error: INTAKE_ERRORS.tooLarge }, 413);
    const form: FormFields = Object.create(null);
    for (const [key, value] of new URLSearchParams(new TextDecoder().decode(bytes))) {
      const seen = form[key];
      form[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    c.set('form', form);
    await next();
  });
}
