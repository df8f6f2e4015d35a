/**
 * The partner's own page `/partner`:
 *  - `GET /partner`: the sign-in form (an e-mail field), or, signed in, the partner's page;
 *  - `POST /partner {email}`: the sign-in e-mail, the same answer for any address (worker/portal/sign-in.ts,
 *    the partner's realm: its own tables, link and cookie); `GET /partner/zaloguj?t=…` shows the button only
 *    (a mail scanner's GET spends nothing); `POST /partner/zaloguj` spends the link or the code, once;
 *  - `POST /partner/wyloguj`; `GET /partner/zestawienie/:month` (printable) and `….csv`;
 *  - `GET /partner/podglad`: the live preview, the partner's snippet running on our page (its
 *    leads come from outside the partner's domains: unconfirmed, no commission).
 * The partner is the one whose contact e-mail the session holds: no route takes a partner id, so no
 * partner can ask for another's anything. Its session is no team session: every admin route answers 401.
 * Sign-ins are in the audit log (area 'partner').
 */
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { clientIp, sessionIdHash } from '../http/auth.ts';
import { afterAnswer } from '../http/after-answer.ts';
import { type FormFields, type PageFormEnv, pageFormGuard } from '../http/page-form.ts';
import { INTAKE_ERRORS } from '../http/errors.ts';
import { toCsv } from '../http/csv.ts';
import { recordAudit } from '../accounts/index.ts';
import {
  type SignInRealm,
  SIGN_IN_LIMITS,
  endSignInSession,
  findSignInSession,
  liveSignIn,
  requestSignIn,
  signInWithCode,
  signInWithToken,
} from '../portal/index.ts';
import {
  PORTAL_ERRORS,
  portalCodeSchema,
  portalLinkSchema,
  portalTokenSchema,
  TOKEN_PATTERN,
} from '../../widgets/core/portal-validation.ts';
import { check } from '../../widgets/core/validation.ts';
import { contentSecurityPolicy, privatePageCsp, sha256Source } from '../../widgets/core/headers.ts';
import { csvMoney } from '../../widgets/core/format.ts';
import { company } from '../../widgets/core/company.ts';
import {
  type PinnedLoader,
  type SnippetChoice,
  pinnedSnippetCode,
  snippetAttributes,
  snippetCode,
} from '../admin-shared/snippet-code.ts';
import { isPartnerEmailSql, partnerByEmail, settledStatements, type PartnerRow } from './model.ts';
import { partnerInvoices, partnerLeads } from './model-partner-stats.ts';
import { partnerForm } from './partner-form.ts';
import { statementOf } from './commission.ts';
import { contractCommissions, lastMonths, leadView, monthNumbers } from './partner-data.ts';
import { partnerSignInNotification } from './emails.ts';
import { ConfirmView, DashboardView, PAGE_STYLE, type SignInProblem, SignInView, copy, documentOf } from './page.tsx';
import { StatementView } from './statement-page.tsx';
import { PreviewView } from './preview-page.tsx';
import type { ComponentChildren } from 'preact';

export const PARTNER_COOKIE = '__Host-kserowo_partner';

export const PARTNER_REALM: SignInRealm = {
  signIns: 'partner_sign_ins',
  sessions: 'partner_sessions',
  linkPath: '/partner/zaloguj',
  about: 'partner',
  allowed: isPartnerEmailSql('?1'),
  mail: partnerSignInNotification,
};

type PartnerEnv = { Bindings: Env } & PageFormEnv;

export const partnerPage = new Hono<PartnerEnv>();

const CSP = privatePageCsp(PAGE_STYLE, undefined, "'self'");
/** The live preview's: our pages' policy (scripts from our origin, the widgets' API) with this page's style. */
const PREVIEW_CSP = sha256Source(PAGE_STYLE).then((hash) => contentSecurityPolicy({ styleHashes: [hash] }));

async function html(
  c: Context<PartnerEnv>,
  body: ComponentChildren,
  status: 200 | 400 | 403 | 404 | 429 = 200,
  title: string = copy.title,
) {
  return c.html(documentOf(title, body), status, {
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': await CSP,
  });
}

const signInPage = (
  c: Context<PartnerEnv>,
  props: { problem?: SignInProblem; sentTo?: string; held?: boolean },
  status: 200 | 400 | 404 | 429 = 200,
) => html(c, <SignInView {...props} minutes={SIGN_IN_LIMITS.validMinutes} />, status);

const formGuard = pageFormGuard<PartnerEnv>({
  tooMany: (c) => signInPage(c, { problem: { form: 'link', error: INTAKE_ERRORS.tooMany } }, 429),
});

/** The partner of this request's session, or undefined. */
async function signedIn(c: Context<PartnerEnv>): Promise<PartnerRow | undefined> {
  const id = getCookie(c, PARTNER_COOKIE);
  if (!id || !TOKEN_PATTERN.test(id)) return undefined;
  const session = await findSignInSession(c.env.DB, id, Date.now(), PARTNER_REALM);
  return session ? ((await partnerByEmail(c.env.DB, session.email)) ?? undefined) : undefined;
}

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
const singles = (form: FormFields): Record<string, string> =>
  Object.fromEntries(Object.entries(form).map(([k, v]) => [k, one(v)]));

/** The pinned loader of this deployment, from the widgets' manifest (none in a build without it). */
async function pinnedLoader(c: Context<PartnerEnv>): Promise<PinnedLoader | undefined> {
  try {
    const res = await c.env.ASSETS.fetch(new URL('/widgets/v1/manifest.json', c.req.url));
    if (res.status !== 200) return undefined;
    const manifest = (await res.json()) as { files?: Record<string, { integrity: string; alias?: string }> };
    const alias = manifest.files?.['kserowo.js'];
    return alias?.alias ? { file: alias.alias, integrity: alias.integrity } : undefined;
  } catch {
    return undefined;
  }
}

/** The partner's snippet: the configurator with its id as partner and source, 'referral', 'partner'. */
const snippetChoice = (partner: PartnerRow): SnippetChoice => ({
  tag: 'kserowo-configurator',
  partner: partner.id,
  utmSource: partner.id,
  utmMedium: 'referral',
  utmCampaign: 'partner',
  extra: {},
});

partnerPage.get('/', async (c) => {
  const partner = await signedIn(c);
  if (!partner) return signInPage(c, {});
  const form = partnerForm(partner);
  const [leads, invoices, settled, pinned] = await Promise.all([
    partnerLeads(c.env.DB, partner.id),
    partnerInvoices(c.env.DB, partner.id),
    settledStatements(c.env.DB, partner.id),
    pinnedLoader(c),
  ]);
  const choice = snippetChoice(partner);
  const origin = company.url;
  const { rows } = monthNumbers(lastMonths(new Date()), form.commission, leads, invoices, settled);
  return html(
    c,
    <DashboardView
      partner={{
        id: partner.id,
        name: partner.name,
        domains: form.domains,
        commission: form.commission,
        active: form.active,
      }}
      snippet={snippetCode(origin, choice)}
      pinned={pinned ? pinnedSnippetCode(origin, pinned, choice) : null}
      months={rows}
      contracts={contractCommissions(form.commission, invoices)}
      leads={leads.slice(-100).reverse().map(leadView)}
    />,
  );
});

partnerPage.post('/', formGuard, async (c) => {
  const form = singles(c.get('form'));
  if (form.website) return signInPage(c, { sentTo: form.email ?? '' });
  const parsed = check(portalLinkSchema, form);
  if (!parsed.ok)
    return signInPage(c, { problem: { form: 'link', field: parsed.field, error: parsed.error, values: form } }, 400);
  const outcome = await requestSignIn(
    c.env,
    parsed.data.email,
    new URL(c.req.url).origin,
    clientIp(c.req.raw),
    afterAnswer(c),
    Date.now(),
    PARTNER_REALM,
  );
  return signInPage(c, { sentTo: parsed.data.email, held: outcome === 'held' });
});

partnerPage.get('/zaloguj', async (c) => {
  const token = c.req.query('t') ?? '';
  // Looking is free: a scanner's GET leaves the link working.
  const live =
    TOKEN_PATTERN.test(token) && (await liveSignIn(c.env.DB, await sessionIdHash(token), Date.now(), PARTNER_REALM));
  if (!live) return signInPage(c, { problem: { form: 'link', error: copy.badLink } }, 404);
  return html(c, <ConfirmView token={token} />);
});

async function startSession(c: Context<PartnerEnv>, opened: { id: string; email: string; maxAgeSeconds: number }) {
  const partner = await partnerByEmail(c.env.DB, opened.email);
  await recordAudit(c.env.DB, {
    accountId: null,
    actor: `partner ${partner?.id ?? opened.email}`,
    role: 'partner',
    action: 'partner.sign-in',
    area: 'partner',
    target: partner?.id ?? null,
    method: 'POST',
    path: '/partner/zaloguj',
    status: 303,
    details: {},
    ip: clientIp(c.req.raw),
  });
  setCookie(c, PARTNER_COOKIE, opened.id, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: opened.maxAgeSeconds,
  });
  return c.redirect('/partner', 303);
}

partnerPage.post('/zaloguj', formGuard, async (c) => {
  const form = singles(c.get('form'));
  const ip = clientIp(c.req.raw);
  const agent = c.req.header('User-Agent');
  if (form.t !== undefined && form.t !== '') {
    const parsed = check(portalTokenSchema, form);
    const opened = parsed.ok
      ? await signInWithToken(c.env, parsed.data.t, ip, agent, Date.now(), PARTNER_REALM)
      : undefined;
    if (!opened) return signInPage(c, { problem: { form: 'link', error: copy.badLink } }, 400);
    return startSession(c, opened);
  }
  const parsed = check(portalCodeSchema, form);
  if (!parsed.ok)
    return signInPage(c, { problem: { form: 'code', field: parsed.field, error: parsed.error, values: form } }, 400);
  const opened = await signInWithCode(c.env, parsed.data.email, parsed.data.code, ip, agent, Date.now(), PARTNER_REALM);
  if (!opened)
    return signInPage(c, { problem: { form: 'code', field: 'code', error: copy.wrongCode, values: form } }, 400);
  return startSession(c, opened);
});

partnerPage.post('/wyloguj', formGuard, async (c) => {
  const id = getCookie(c, PARTNER_COOKIE);
  if (id && TOKEN_PATTERN.test(id)) await endSignInSession(c.env.DB, id, PARTNER_REALM);
  deleteCookie(c, PARTNER_COOKIE, { path: '/', secure: true });
  return c.redirect('/partner', 303);
});

partnerPage.get('/podglad', async (c) => {
  const partner = await signedIn(c);
  if (!partner) return signInPage(c, { problem: { form: 'link', error: PORTAL_ERRORS.signedOut } }, 403 as 400);
  const choice = snippetChoice(partner);
  return c.html(
    documentOf(copy.previewHeading, <PreviewView tag={choice.tag} attributes={snippetAttributes(choice)} />),
    200,
    { 'Cache-Control': 'private, no-store', 'Content-Security-Policy': await PREVIEW_CSP },
  );
});

const MONTH = /^(\d{4}-(?:0[1-9]|1[0-2]))(\.csv)?$/;

partnerPage.get('/zestawienie/:month', async (c) => {
  const partner = await signedIn(c);
  if (!partner) return signInPage(c, { problem: { form: 'link', error: PORTAL_ERRORS.signedOut } }, 403 as 400);
  const match = MONTH.exec(c.req.param('month'));
  if (!match?.[1]) return c.notFound();
  const month = match[1];
  const statement = statementOf(month, partnerForm(partner).commission, await partnerInvoices(c.env.DB, partner.id));
  const settled = (await settledStatements(c.env.DB, partner.id)).find((s) => s.month === month) ?? null;
  if (match[2]) {
    const rows = statement.lines.map((l) => [
      l.contractNumber,
      l.companyName,
      l.invoiceNumber ?? '',
      csvMoney(l.netGr / 100),
      csvMoney(l.paidNetGr / 100),
      csvMoney(l.commissionGr / 100),
    ]);
    rows.push([
      'Razem',
      '',
      '',
      csvMoney(statement.netGr / 100),
      csvMoney(statement.paidNetGr / 100),
      csvMoney(statement.commissionGr / 100),
    ]);
    return new Response(toCsv(['umowa', 'firma', 'faktura', 'netto_zl', 'zaplacono_netto_zl', 'prowizja_zl'], rows), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="prowizja-${partner.id}-${month}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    });
  }
  return html(
    c,
    <StatementView partnerName={partner.name} statement={statement} settled={settled} />,
    200,
    copy.statementHeading(month),
  );
});
