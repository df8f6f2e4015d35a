/**
 * The customer's page `/konto` and `POST /api/portal/link` (DESIGN §8).
 *  - `POST /api/portal/link {email}` and the form of `/konto` ask for the sign-in e-mail and
 *    answer alike for any address (portal/sign-in.ts); when the hour's limits hold a request
 *    back (counted alike for any address) they say a link went out already.
 *  - `GET /konto/zaloguj?t=…` (the e-mail's link) shows only the button 'Zaloguj se'; its
 *    POST spends the token; the POST with `{email, code}` is the code fallback. Both open a
 *    session of the page's own cookie (`__Host-kserowo_konto`), never the admin's.
 *  - Signed in, `GET /konto` shows the customer's devices, tickets, readings and toner
 *    orders; `POST /konto/awaria|odczyt|toner` act on one of their devices; `POST
 *    /konto/wyloguj` ends the session.
 * Every form is plain HTML (works without JavaScript) posted as a form from our own origin
 * (Origin checked), under the lead forms' rate limit and 16 KB cap; a refused form comes
 * back with its error next to the field and the status of the error.
 */
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { clientIp } from '../http/auth.ts';
import { afterAnswer } from '../http/after-answer.ts';
import { type FormFields, pageFormGuard } from '../http/page-form.ts';
import { INTAKE_ERRORS } from '../http/errors.ts';
import { type IntakeEnv, leadIntake } from '../middleware/intake/index.ts';
import { endPortalSession, findPortalSession } from './model-portal-sessions.ts';
import { sessionIdHash } from '../http/auth.ts';
import { type ActionResult, orderToner, portalOverview, reportFault, sendReading } from './actions.ts';
import { PORTAL_COOKIE, liveSignIn, requestSignIn, signInWithCode, signInWithToken } from './sign-in.ts';
import { dashboardData } from './present.ts';
import { dispatchLater } from '../webhooks/delivery.ts';
import { ConfirmView, DashboardView, SignInView } from './views.tsx';
import type { FormProblem } from './view-fields.tsx';
import { portalCopy } from './copy.ts';
import {
  PORTAL_ERRORS,
  portalCodeSchema,
  portalFaultSchema,
  portalLinkSchema,
  portalReadingSchema,
  portalTokenSchema,
  portalTonerSchema,
  TOKEN_PATTERN,
} from '../../widgets/core/portal-validation.ts';
import { check } from '../../widgets/core/validation.ts';

/* ---- POST /api/portal/link ---- */

export const portalApi = new Hono<IntakeEnv>();

/** The one answer to every request for a link, whoever asks. */
const LINK_ANSWER = { ok: true, message: portalCopy.signIn.linkAnswer } as const;
/** The answer when the hour's limits held the request back: for any address alike (sign-in.ts). */
const LINK_HELD = { ok: true, message: portalCopy.signIn.held } as const;

portalApi.post('/link', leadIntake({ spamAnswer: (c) => c.json(LINK_ANSWER, 202) }), async (c) => {
  const { body, ip } = c.get('intake');
  const parsed = check(portalLinkSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field }, 400);
  const outcome = await requestSignIn(c.env, parsed.data.email, new URL(c.req.url).origin, ip, afterAnswer(c));
  return c.json(outcome === 'held' ? LINK_HELD : LINK_ANSWER, 202);
});

/* ---- The page /konto ---- */

type PortalEnv = { Bindings: Env; Variables: { form: FormFields } };

export const portalPage = new Hono<PortalEnv>();

/** Our page's HTML around `view`, in the `#portal` area of the built `/konto`. */
async function page(
  c: Context<PortalEnv>,
  view: VNode,
  status: 200 | 400 | 403 | 404 | 409 | 413 | 415 | 422 | 429 = 200,
) {
  const html = renderToString(view);
  const headers = { 'Cache-Control': 'private, no-store' };
  const shell = await c.env.ASSETS.fetch(new URL('/konto', c.req.url));
  if (shell.status !== 200) {
    await shell.body?.cancel();
    return c.html(
      `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${portalCopy.title}</title><link rel="stylesheet" href="/assets/site.css"></head><body><main id="main"><h1>${portalCopy.title}</h1>${html}</main></body></html>`,
      status,
      headers,
    );
  }
  const rewritten = new HTMLRewriter()
    .on('#portal', { element: (el) => void el.setInnerContent(html, { html: true }) })
    .transform(shell);
  const out = new Response(rewritten.body, { status, headers: rewritten.headers });
  for (const [name, value] of Object.entries(headers)) out.headers.set(name, value);
  out.headers.delete('ETag');
  out.headers.delete('Last-Modified');
  return out;
}

/** The guard of every form of the page; over the rate limit, the sign-in form says so. */
const formGuard = pageFormGuard<PortalEnv>({
  tooMany: (c) => page(c, <SignInView problem={{ form: 'link', error: INTAKE_ERRORS.tooMany }} />, 429),
});

/** The signed-in address, or undefined. */
async function signedIn(c: Context<PortalEnv>): Promise<string | undefined> {
  const id = getCookie(c, PORTAL_COOKIE);
  if (!id || !TOKEN_PATTERN.test(id)) return undefined;
  return (await findPortalSession(c.env.DB, id, Date.now()))?.email;
}

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
const singles = (form: FormFields): Record<string, string> =>
  Object.fromEntries(Object.entries(form).map(([k, v]) => [k, one(v) ?? '']));

async function dashboard(
  c: Context<PortalEnv>,
  email: string,
  problem?: FormProblem,
  status: 200 | 400 | 404 | 409 | 422 = 200,
) {
  const data = await dashboardData(c.env, email, await portalOverview(c.env, email), new URL(c.req.url));
  return page(c, <DashboardView {...{ data, problem }} />, status);
}

portalPage.get('/', async (c) => {
  const email = await signedIn(c);
  if (!email) return page(c, <SignInView />);
  return dashboard(c, email);
});

portalPage.post('/', formGuard, async (c) => {
  const form = singles(c.get('form'));
  if (form.website) return page(c, <SignInView {...{ sentTo: form.email ?? '' }} />);
  const parsed = check(portalLinkSchema, form);
  if (!parsed.ok)
    return page(
      c,
      <SignInView {...{ problem: { form: 'link', field: parsed.field, error: parsed.error, values: form } }} />,
      400,
    );
  const outcome = await requestSignIn(
    c.env,
    parsed.data.email,
    new URL(c.req.url).origin,
    clientIp(c.req.raw),
    afterAnswer(c),
  );
  return page(c, <SignInView {...{ sentTo: parsed.data.email, held: outcome === 'held' }} />);
});

portalPage.get('/zaloguj', async (c) => {
  const token = c.req.query('t') ?? '';
  // Looking is free: the row is read, never spent, so a scanner's GET leaves the link working.
  const live = TOKEN_PATTERN.test(token) && (await liveSignIn(c.env.DB, await sessionIdHash(token), Date.now()));
  if (!live) return page(c, <SignInView {...{ problem: { form: 'link', error: PORTAL_ERRORS.link } }} />, 404);
  c.header('Referrer-Policy', 'no-referrer');
  return page(c, <ConfirmView {...{ token }} />);
});

function startSession(c: Context<PortalEnv>, opened: { id: string; maxAgeSeconds: number }) {
  setCookie(c, PORTAL_COOKIE, opened.id, {
    path: '/',
    secure: true,
    httpOnly: true,
    // Lax: a link to /konto from the customer's mail shows them signed in; every write is a POST checked for its Origin.
    sameSite: 'Lax',
    maxAge: opened.maxAgeSeconds,
  });
  return c.redirect('/konto', 303);
}

portalPage.post('/zaloguj', formGuard, async (c) => {
  const form = singles(c.get('form'));
  const ip = clientIp(c.req.raw);
  const agent = c.req.header('User-Agent');
  if (form.t !== undefined) {
    const parsed = check(portalTokenSchema, form);
    const opened = parsed.ok ? await signInWithToken(c.env, parsed.data.t, ip, agent) : undefined;
    if (!opened) return page(c, <SignInView {...{ problem: { form: 'link', error: PORTAL_ERRORS.link } }} />, 400);
    return startSession(c, opened);
  }
  const parsed = check(portalCodeSchema, form);
  if (!parsed.ok)
    return page(
      c,
      <SignInView {...{ problem: { form: 'code', field: parsed.field, error: parsed.error, values: form } }} />,
      400,
    );
  const opened = await signInWithCode(c.env, parsed.data.email, parsed.data.code, ip, agent);
  if (!opened)
    return page(
      c,
      <SignInView {...{ problem: { form: 'code', field: 'code', error: PORTAL_ERRORS.wrongCode, values: form } }} />,
      400,
    );
  return startSession(c, opened);
});

portalPage.post('/wyloguj', formGuard, async (c) => {
  const id = getCookie(c, PORTAL_COOKIE);
  if (id && TOKEN_PATTERN.test(id)) await endPortalSession(c.env.DB, id);
  deleteCookie(c, PORTAL_COOKIE, { path: '/', secure: true });
  return c.redirect('/konto', 303);
});

/** A form of a signed-in customer: refused as a whole when nobody is signed in. */
function customerForm<T>(
  kind: string,
  schema: Parameters<typeof check>[0],
  prepare: (form: FormFields) => Record<string, unknown>,
  act: (
    c: Context<PortalEnv>,
    email: string,
    input: T,
  ) => Promise<ActionResult<{ number?: string; reference?: string; held?: true }>>,
) {
  return async (c: Context<PortalEnv>) => {
    const email = await signedIn(c);
    if (!email) return page(c, <SignInView {...{ problem: { form: 'link', error: PORTAL_ERRORS.signedOut } }} />, 403);
    const raw = c.get('form');
    const values = singles(raw);
    const formName = `${kind}-${/^\d{1,9}$/.test(values.device ?? '') ? values.device : 'x'}`;
    const parsed = check(schema, prepare(raw));
    if (!parsed.ok)
      return dashboard(c, email, { form: formName, field: parsed.field, error: parsed.error, values }, 400);
    const result = await act(c, email, parsed.data as T);
    if (!result.ok)
      return dashboard(c, email, { form: formName, field: result.field, error: result.error, values }, result.status);
    // The write may have added webhook events (ticket.created, meter.created, toner.ordered):
    // on the queue after answering, as the API's writes do (the cron catches any left).
    try {
      dispatchLater(c.env, c.executionCtx);
    } catch {
      // No execution context (app.fetch in tests): the cron dispatches them.
    }
    const ref = result.value.number ?? result.value.reference ?? '';
    const sent = result.value.held ? `${kind}-held` : kind;
    return c.redirect(`/konto?wyslano=${sent}&nr=${encodeURIComponent(ref)}#portal-notice`, 303);
  };
}

portalPage.post(
  '/awaria',
  formGuard,
  customerForm('fault', portalFaultSchema, singles, (c, email, input) =>
    reportFault(c.env, email, input as never, new URL(c.req.url).origin),
  ),
);
portalPage.post(
  '/odczyt',
  formGuard,
  customerForm('reading', portalReadingSchema, singles, (c, email, input) => sendReading(c.env, email, input as never)),
);
portalPage.post(
  '/toner',
  formGuard,
  customerForm(
    'toner',
    portalTonerSchema,
    (form) => {
      const values = singles(form);
      const colour = form.colour;
      return { ...values, colours: colour === undefined ? [] : Array.isArray(colour) ? colour : [colour] };
    },
    (c, email, input) => orderToner(c.env, email, input as never),
  ),
);
