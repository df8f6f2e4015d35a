// The partner's own page /partner: sign-in by e-mailed link as /konto (scanner-safe,
// limited, its own realm), a partner session is no team session, and a partner sees only its own.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../app.ts';
import { OPEN_PATHS } from '../middleware/admin-guard/index.ts';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { form, mailsTo, signInMail } from '../../tests/worker/portal-helpers.ts';
import { signInPartner as signIn } from '../../tests/worker/partner-helpers.ts';
import { requestSignIn } from '../portal/index.ts';
import { PARTNER_REALM } from './routes.tsx';

const db = () => (env as unknown as Env).DB;

const A = { id: 'partner-a', email: 'kontakt@partner-a.pl', domains: 'partner-a.pl' };
const B = { id: 'partner-b', email: 'kontakt@partner-b.pl', domains: 'partner-b.pl' };

/** Every admin route, from the router itself. */
const adminRoutes = () => {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path.replace(/:(\w+)(\{[^}]*\})?/g, '1') }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && !!seen.add(`${r.method} ${r.path}`))
    .filter((r) => !OPEN_PATHS.has(r.path));
};

let owner = '';
beforeAll(async () => {
  owner = await login();
  for (const p of [A, B]) {
    const res = await write(
      '/api/admin/partners',
      {
        id: p.id,
        name: `Partner ${p.id}`,
        email: p.email,
        domains: p.domains,
        commission: { kind: 'share', shareBp: 500, months: 12 },
      },
      { cookie: owner },
    );
    expect(res.status).toBe(201);
  }
});

describe('/partner', { timeout: 90_000 }, () => {
  it('shows a sign-in form with an e-mail field, and answers alike for a stranger’s address', async () => {
    const page = await (await request('/partner')).text();
    expect(page).toMatch(/<form method="post" action="\/partner"/);
    expect(page).toMatch(/<input id="email" name="email" type="email"/);
    // Its forms post with our Origin: a no-referrer page's form sends `Origin: null`, refused (403).
    expect(page).toContain('<meta name="referrer" content="same-origin"/>');
    const stranger = await form('/partner', { email: 'ktos@obcy.pl' });
    expect(stranger.status).toBe(200);
    expect(await stranger.text()).toContain('Jeśli ktos@obcy.pl jest adresem partnera');
    expect(await mailsTo('ktos@obcy.pl')).toEqual([]);
    // Not an address: refused, naming nothing sent.
    expect((await form('/partner', { email: 'x' })).status).toBe(400);
    // The form's honeypot: a bot that fills every field gets the same answer, and no e-mail.
    expect(page).toMatch(/<input type="text" name="website" tabindex="-1"/i);
    const before = (await mailsTo(A.email)).length;
    const bot = await form('/partner', { email: A.email, website: 'https://spam.example' });
    expect(await bot.text()).toContain(`Jeśli ${A.email} jest adresem partnera`);
    expect(await mailsTo(A.email)).toHaveLength(before);
  });

  it('signs a partner in by link once, shows its own page and snippet, and audits the sign-in', async () => {
    const cookie = await signIn(A.email);
    expect(cookie).toMatch(/^__Host-kserowo_partner=/);
    const page = await (await request('/partner', { headers: { Cookie: cookie } })).text();
    expect(page).toContain('Partner partner-a');
    expect(page).toContain('partner=&quot;partner-a&quot;');
    expect(page).toContain('utm-source=&quot;partner-a&quot;');
    expect(page).not.toContain('partner-b');
    // The live preview: its own snippet running on a page of ours, scripts from our origin allowed.
    expect(page).toContain('<a href="/partner/podglad">Zobacz podgląd na żywo</a>');
    const preview = await request('/partner/podglad', { headers: { Cookie: cookie } });
    expect(preview.status).toBe(200);
    const previewPage = await preview.text();
    expect(previewPage).toContain('<script type="module" src="/widgets/v1/kserowo.js"></script>');
    expect(previewPage).toContain(
      '<kserowo-configurator partner="partner-a" utm-source="partner-a" utm-medium="referral" utm-campaign="partner">',
    );
    expect(preview.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(preview.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await request('/partner/podglad')).status).toBe(403);
    const audit = await db()
      .prepare("SELECT actor, target FROM audit_log WHERE action = 'partner.sign-in' ORDER BY id DESC LIMIT 1")
      .first<{ actor: string; target: string }>();
    expect(audit).toEqual({ actor: 'partner partner-a', target: 'partner-a' });
    // The link is spent.
    const { token } = await signInMail(A.email, 'partner');
    expect((await form('/partner/zaloguj', { t: token })).status).toBe(400);
  });

  it('limits the e-mails of one address and one requester, as /konto, and says so', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(await (await form('/partner', { email: B.email }, { ip: '198.51.100.77' })).text());
    // SIGN_IN_LIMITS.perRequester = 3 of one IP within the hour.
    expect((await mailsTo(B.email)).filter((m) => m.about === 'partner')).toHaveLength(3);
    const held = 'Wysłaliśmy już link, sprawdź skrzynkę lub spróbuj za godzinę.';
    expect(answers.map((a) => a.includes(held))).toEqual([false, false, false, true, true]);
  });

  it('hands a partner’s sign-in e-mail to the queue at once, counted in the partners’ own table', async () => {
    const sent: unknown[] = [];
    const queued = { ...(env as unknown as Env), EMAIL_QUEUE: { send: async (job: unknown) => void sent.push(job) } };
    const outcome = await requestSignIn(
      queued as unknown as Env,
      A.email,
      'https://kserowo.pl',
      '198.51.100.78',
      undefined,
      Date.now(),
      PARTNER_REALM,
    );
    expect(outcome).toBe('sent');
    const mail = (await mailsTo(A.email)).filter((m) => m.about === 'partner').at(-1);
    expect(sent).toEqual([{ notificationId: mail?.id }]);
  });

  it('shows a partner its own statement only, and no lead’s personal data', async () => {
    const lead = await request('/api/send-contact-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://partner-a.pl' },
      body: JSON.stringify({
        submissionId: crypto.randomUUID(),
        name: 'Zofia Tajna',
        email: 'zofia.tajna@firma.pl',
        phone: '+48 600 700 800',
        attribution: { partner: A.id },
      }),
    });
    expect(lead.status).toBe(200);
    const cookieA = await signIn(A.email, '198.51.100.41');
    const page = await (await request('/partner', { headers: { Cookie: cookieA } })).text();
    expect(page).not.toContain('Zofia');
    expect(page).not.toContain('zofia.tajna');
    expect(page).not.toContain('600 700 800');
    const csv = await request('/partner/zestawienie/2026-11.csv', { headers: { Cookie: cookieA } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Disposition')).toContain('prowizja-partner-a-2026-11.csv');
    // No route takes a partner id: the admin's statement of another partner answers 401 to a partner.
    expect((await read('/api/admin/partners/partner-b/statements/2026-11', cookieA)).status).toBe(401);
    expect((await request('/partner/zestawienie/2026-11')).status).toBe(403);
  });

  it('answers a partner session 401 on every admin route', async () => {
    const cookie = await signIn(B.email, '198.51.100.42');
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const res = await write(route.path, route.method === 'GET' ? undefined : {}, { cookie, method: route.method });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('tells a paused partner so on its page', async () => {
    const cookie = await signIn(A.email, '198.51.100.43');
    await write(`/api/admin/partners/${A.id}`, { active: false }, { cookie: owner, method: 'PATCH' });
    const page = await (await request('/partner', { headers: { Cookie: cookie } })).text();
    expect(page).toContain('Współpraca partnerska jest wstrzymana');
  });
});
