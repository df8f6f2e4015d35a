/**
 * The partner's own page /partner, rendered by the worker: the sign-in form (an
 * e-mail field; link and code as /konto's), the confirm button of the e-mailed link, and the
 * signed-in page: the snippet with the partner's id and UTM values (pinned build with SRI), the
 * numbers per month, the commission per contract, the leads without personal data and the
 * month statements (CSV and a printable page). Plain HTML forms; no script (the live preview is
 * preview-page.tsx).
 */
import type { ComponentChildren } from 'preact';
import { Honeypot, SIGN_IN_HELD } from '../portal/index.ts';
import { LIMITS } from '../../widgets/core/limits.ts';
import { PORTAL_LIMITS } from '../../widgets/core/portal-validation.ts';
import { renderToString } from 'preact-render-to-string';
import { company } from '../../widgets/core/company.ts';
import { dateText, monthText } from '../../widgets/core/dates.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { shareText } from '../admin-shared/partner-validation.ts';
import type { PartnerCommission } from '../admin-shared/partner-validation.ts';
import type { ContractCommission, MonthNumbers, PartnerLeadView } from './partner-data.ts';

export const PAGE_STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f6f6f4;line-height:1.5}
main{max-width:80rem;margin:0 auto;padding:1rem}h1{font-size:1.6rem;margin:.5rem 0 1rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
section{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}input{font:inherit;padding:.6rem;border:1px solid #767676;border-radius:4px;width:100%;max-width:24rem;box-sizing:border-box}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#0b5cad;color:#fff;cursor:pointer;margin-top:.75rem;min-height:44px}
button.link{background:none;color:#0b5cad;text-decoration:underline;padding:0;min-height:0}
:focus-visible{outline:3px solid #c35a00;outline-offset:2px}a{color:#0b5cad}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.95rem}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e3e3e3;white-space:nowrap}thead th{white-space:normal;vertical-align:bottom}
td.num,th.num{text-align:right}pre{background:#f0f0ee;padding:.75rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all;font-size:.85rem}
.error{color:#a40000;font-weight:600}.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.notice{background:#fff4e5;border-color:#c35a00}.top{display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
@media print{body{background:#fff}section{border:0;padding:0}.noprint{display:none}}`;

export const copy = {
  title: `Strefa partnera ${company.brand}`,
  signInHeading: 'Zaloguj się linkiem z e-maila',
  signInText: 'Podaj adres e-mail, który podałeś nam jako kontaktowy. Wyślemy link do logowania i kod; bez hasła.',
  email: 'Adres e-mail',
  send: 'Wyślij link',
  sent: (address: string, minutes: number) =>
    `Jeśli ${address} jest adresem partnera, wysłaliśmy na niego link i kod. Działają ${minutes} minut i tylko raz.`,
  held: SIGN_IN_HELD,
  codeHeading: 'Masz kod z e-maila?',
  code: 'Kod (6 cyfr)',
  signIn: 'Zaloguj się',
  confirmText: 'Kliknij, aby zalogować się do strefy partnera.',
  badLink: 'Ten link wygasł, został już użyty albo jest nieprawidłowy. Poproś o nowy.',
  wrongCode: 'Nieprawidłowy lub wygasły kod. Sprawdź go albo poproś o nowy e-mail.',
  signOut: 'Wyloguj się',
  paused:
    'Współpraca partnerska jest wstrzymana: nowe zapytania z Twoich stron nie są teraz przypisywane ani rozliczane. Napisz do nas, aby ją wznowić.',
  snippetHeading: 'Twój kod do wklejenia',
  snippetText: 'Wklej na swojej stronie. Zapytania z niej przypiszemy Tobie (Twoje domeny:',
  pinnedText: 'Ta sama wersja na stałe, z sumą kontrolną SRI (nie zmieni się bez Twojej zgody):',
  previewLink: 'Zobacz podgląd na żywo',
  previewHeading: 'Podgląd na żywo: Twój kod uruchomiony u nas',
  previewText:
    'Tak zadziała kod z Twojej strony. Podgląd działa naprawdę: zapytanie wysłane stąd trafi do nas, ale nie pochodzi z Twojej domeny, więc czeka na potwierdzenie i nie daje prowizji.',
  back: 'Wróć do strefy partnera',
  numbersHeading: 'Twoje liczby miesiąc po miesiącu',
  contractsHeading: 'Prowizja za umowy',
  leadsHeading: 'Zapytania z Twoich stron',
  leadsText:
    'Bez danych osobowych: data, miasto, urządzenie, pakiet i etap; nazwa firmy dopiero po podpisaniu zamówienia.',
  statementHeading: (month: string) => `Zestawienie prowizji: ${monthText(month)}`,
  settled: (day: string, by: string) => `Rozliczone ${dateText(day)} (${by}).`,
  notSettled: 'Nierozliczone: kwoty mogą jeszcze wzrosnąć, gdy wpłyną zaległe płatności.',
} as const;

export function commissionText(c: PartnerCommission): string {
  return c.kind === 'share'
    ? `${shareText(c.shareBp)} zapłaconej kwoty netto przez pierwsze ${c.months} mies. umowy`
    : `${formatPln(c.amountGr / 100, 2)} za każdą zainstalowaną umowę`;
}

export const pln = (gr: number) => formatPln(gr / 100, 2);

/** The whole document around a view. */
export function documentOf(title: string, body: ComponentChildren): string {
  return `<!doctype html>${renderToString(
    <html lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {/* Same-origin only, as the order page: a private page's header says no-referrer, under which its own
            forms would post `Origin: null` and the form guard refuse them; no other site gets the address. */}
        <meta name="referrer" content="same-origin" />
        <title>{title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our constant stylesheet, allowed by hash in the CSP */}
        <style dangerouslySetInnerHTML={{ __html: PAGE_STYLE }} />
      </head>
      <body>
        <main id="main">{body}</main>
      </body>
    </html>,
  )}`;
}

export interface SignInProblem {
  form: 'link' | 'code';
  error: string;
  field?: string | undefined;
  values?: Record<string, string>;
}

export function SignInView({
  problem,
  sentTo,
  held,
  minutes,
}: {
  problem?: SignInProblem;
  sentTo?: string;
  /** The hour's limits held the request back: no new e-mail went out. */
  held?: boolean | undefined;
  minutes: number;
}) {
  const emailError = problem?.form === 'link' && problem.field === 'email';
  const codeError = problem?.form === 'code';
  return (
    <>
      <h1>{copy.title}</h1>
      {problem && !problem.field && (
        <p className="error" role="alert">
          {problem.error}
        </p>
      )}
      <section aria-labelledby="signin">
        <h2 id="signin">{copy.signInHeading}</h2>
        {sentTo ? <p role="status">{held ? copy.held : copy.sent(sentTo, minutes)}</p> : <p>{copy.signInText}</p>}
        <form method="post" action="/partner" noValidate>
          <label htmlFor="email">{copy.email}</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            defaultValue={problem?.values?.email ?? ''}
            aria-invalid={emailError ? 'true' : undefined}
            aria-describedby={emailError ? 'email-error' : undefined}
          />
          {emailError && (
            <p id="email-error" className="error">
              {problem.error}
            </p>
          )}
          <Honeypot />
          <button type="submit">{copy.send}</button>
        </form>
      </section>
      <section aria-labelledby="code-heading">
        <h2 id="code-heading">{copy.codeHeading}</h2>
        <form method="post" action="/partner/zaloguj" noValidate>
          <label htmlFor="code-email">{copy.email}</label>
          <input
            id="code-email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            defaultValue={problem?.values?.email ?? ''}
          />
          <label htmlFor="code">{copy.code}</label>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={PORTAL_LIMITS.code}
            aria-invalid={codeError ? 'true' : undefined}
            aria-describedby={codeError ? 'code-error' : undefined}
          />
          {codeError && (
            <p id="code-error" className="error">
              {problem.error}
            </p>
          )}
          <button type="submit">{copy.signIn}</button>
        </form>
      </section>
    </>
  );
}

export function ConfirmView({ token }: { token: string }) {
  return (
    <>
      <h1>{copy.title}</h1>
      <section>
        <p>{copy.confirmText}</p>
        <form method="post" action="/partner/zaloguj">
          <input type="hidden" name="t" value={token} />
          <button type="submit">{copy.signIn}</button>
        </form>
      </section>
    </>
  );
}

export interface DashboardProps {
  partner: { id: string; name: string; domains: string[]; commission: PartnerCommission; active: boolean };
  snippet: string;
  pinned: string | null;
  months: MonthNumbers[];
  contracts: ContractCommission[];
  leads: PartnerLeadView[];
}

export const Money = ({ gr }: { gr: number }) => <td className="num">{pln(gr)}</td>;

/** A table's head: each column's name; a name starting with '#' is a figure's column (right-aligned). */
export function Head({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          c.startsWith('#') ? (
            <th key={c} scope="col" className="num">
              {c.slice(1)}
            </th>
          ) : (
            <th key={c} scope="col">
              {c}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/**
 * A table wider than a phone scrolls sideways inside its region; the region takes the keyboard's
 * focus so it can be scrolled without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function Scroll({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scrolling region, not a section of the outline
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by the keyboard
    <div className="table" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function DashboardView(p: DashboardProps) {
  return (
    <>
      <div className="top">
        <h1>
          {copy.title}: {p.partner.name}
        </h1>
        <form method="post" action="/partner/wyloguj" className="noprint">
          <button type="submit" className="link">
            {copy.signOut}
          </button>
        </form>
      </div>
      {!p.partner.active && (
        <section className="notice" role="status">
          <p>{copy.paused}</p>
        </section>
      )}
      <section aria-labelledby="snippet">
        <h2 id="snippet">{copy.snippetHeading}</h2>
        <p>
          {copy.snippetText} {p.partner.domains.join(', ') || '—'}). Prowizja: {commissionText(p.partner.commission)}.
        </p>
        <pre>
          <code>{p.snippet}</code>
        </pre>
        <p className="noprint">
          <a href="/partner/podglad">{copy.previewLink}</a>
        </p>
        {p.pinned && (
          <>
            <p>{copy.pinnedText}</p>
            <pre>
              <code>{p.pinned}</code>
            </pre>
          </>
        )}
      </section>
      <section aria-labelledby="numbers">
        <h2 id="numbers">{copy.numbersHeading}</h2>
        <Scroll label="Tabela: liczby miesiąc po miesiącu">
          <table>
            <Head
              columns={[
                'Miesiąc',
                '#Zapytania',
                '#Wyceny',
                '#Zamówienia podpisane',
                '#Umowy zainstalowane',
                '#Zafakturowano netto',
                '#Zapłacono netto',
                '#Prowizja',
                'Zestawienie',
              ]}
            />
            <tbody>
              {p.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthText(m.month)}</th>
                  <td className="num">{m.leads}</td>
                  <td className="num">{m.quotes}</td>
                  <td className="num">{m.ordersSigned}</td>
                  <td className="num">{m.installed}</td>
                  <Money gr={m.invoicedNetGr} />
                  <Money gr={m.paidNetGr} />
                  <Money gr={m.commissionGr} />
                  <td>
                    <a href={`/partner/zestawienie/${m.month}`}>strona</a> ·{' '}
                    <a href={`/partner/zestawienie/${m.month}.csv`}>CSV</a>
                    {m.settled ? ' · rozliczone' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </section>
      <section aria-labelledby="contracts">
        <h2 id="contracts">{copy.contractsHeading}</h2>
        {p.contracts.length === 0 ? (
          <p>Nie ma jeszcze umów z Twoich zapytań.</p>
        ) : (
          <Scroll label="Tabela: prowizja za umowy">
            <table>
              <Head columns={['Umowa', 'Firma', '#Zapłacono netto', '#Prowizja']} />
              <tbody>
                {p.contracts.map((c) => (
                  <tr key={c.contractNumber}>
                    <td>{c.contractNumber}</td>
                    <td>{c.companyName}</td>
                    <Money gr={c.paidNetGr} />
                    <Money gr={c.commissionGr} />
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        )}
      </section>
      <section aria-labelledby="leads">
        <h2 id="leads">{copy.leadsHeading}</h2>
        <p>{copy.leadsText}</p>
        {p.leads.length === 0 ? (
          <p>Nie ma jeszcze zapytań z Twoich stron.</p>
        ) : (
          <Scroll label="Tabela: zapytania z Twoich stron">
            <table>
              <Head columns={['Data', 'Miasto', 'Urządzenie', 'Pakiet', 'Etap', 'Firma']} />
              <tbody>
                {p.leads.map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows without an id a partner may see
                  <tr key={i}>
                    <td>{dateText(l.date)}</td>
                    <td>{l.city ?? '—'}</td>
                    <td>{l.device ?? '—'}</td>
                    <td>{l.package ?? '—'}</td>
                    <td>{l.stage}</td>
                    <td>{l.company ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        )}
      </section>
    </>
  );
}
