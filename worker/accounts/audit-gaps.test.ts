// Reading the leads through the API leaves a trace in the audit log, one row per view with
// every page read in it, and a stolen session cannot guess the account's password through
// `/me/password` faster than the login allows.
import { describe, expect, it } from 'vitest';
import { passwordChecks } from '../http/auth.ts';
import { GOOD_PASSWORD, personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';

interface AuditAnswer {
  entries: { action: string; path: string; actor: string; details: Record<string, unknown> }[];
}

const listAudit = async (cookie: string) =>
  ((await (await read('/api/admin/audit?area=leads', cookie)).json()) as AuditAnswer).entries.filter(
    (e) => e.action === 'leads.view',
  );

describe('listing leads through the API', { timeout: 60_000 }, () => {
  it('is one row per view: the first page writes it, paging on adds its pages and rows to it', async () => {
    const owner = await login('203.0.113.161', 'Właścicielka');
    for (let i = 0; i < 3; i++)
      await write('/api/send-contact-email', {
        name: `Klient ${i}`,
        email: `klient${i}@firma.pl`,
        submissionId: crypto.randomUUID(),
      });
    const sales = await personWithSession('sales', '198.18.61.1');
    // What the panel opens: the list, and the list filtered; each a view of its own.
    expect((await read('/api/admin/leads', sales.cookie)).status).toBe(200);
    expect((await read('/api/admin/leads?status=new&kind=contact', sales.cookie)).status).toBe(200);
    expect((await listAudit(owner)).map((e) => e.path).sort()).toEqual([
      '/api/admin/leads',
      '/api/admin/leads?status=new&kind=contact',
    ]);
    // Walking the list page by page, as a script would: the same view, no row more.
    let pages = 0;
    let rows = 0;
    let after = '';
    for (;;) {
      const res = await read(`/api/admin/leads?limit=1${after ? `&after=${after}` : ''}`, sales.cookie);
      const body = (await res.json()) as { leads: unknown[]; next: string | null };
      pages += 1;
      rows += body.leads.length;
      if (!body.next) break;
      after = body.next;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    const logged = await listAudit(owner);
    expect(logged).toHaveLength(2);
    expect(logged.every((e) => e.actor.includes(sales.email))).toBe(true);
    // The view's row counts every page read in it and the leads they gave: the first
    // opening (3 leads) and the walk.
    expect(logged.find((e) => e.path === '/api/admin/leads')?.details).toMatchObject({
      pages: 1 + pages,
      rows: 3 + rows,
    });
  });
});

describe('POST /api/admin/me/password', { timeout: 60_000 }, () => {
  it('30 wrong current passwords: five are checked, the rest refused with 429 before any hash work', async () => {
    const person = await personWithSession('sales', '198.18.62.1');
    const before = passwordChecks.count;
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 30; i++) {
      last = await write(
        '/api/admin/me/password',
        { current: `zle obecne haslo ${i}`, password: 'nowe dobre hasło do panelu 9' },
        { cookie: person.cookie, ip: `198.18.63.${i}` },
      );
      statuses.push(last.status);
    }
    const checks = passwordChecks.count - before;
    console.log(`30 wrong current passwords: ${checks} checks, ${statuses.filter((s) => s === 429).length} × 429`);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(checks).toBe(5);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await (last as Response).json()) as { error: string }).error).toBe(
      'Zbyt wiele prób podania obecnego hasła. Spróbuj ponownie za 15 minut.',
    );
    // While locked, even the right current password is refused; the password stays.
    const right = await write(
      '/api/admin/me/password',
      { current: GOOD_PASSWORD, password: 'nowe dobre hasło do panelu 9' },
      { cookie: person.cookie },
    );
    expect(right.status).toBe(429);
    const relogin = await write(
      '/api/admin/login',
      { email: person.email, password: GOOD_PASSWORD },
      { ip: '198.18.64.1' },
    );
    expect(relogin.status).toBe(200);
  });
});
