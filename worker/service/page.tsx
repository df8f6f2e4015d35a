/**
 * The status page of a fault report, `/serwis/zgloszenie/{id}`: behind the
 * ticket's unguessable id, `noindex`, like the quote page. Shows the number, the problem,
 * the response promise of the packages and the same history the team sees in the admin;
 * never the device's serial, model, package or SLA (whoever typed only a NIP or a serial
 * would learn what is registered). Rendered
 * with Preact's string renderer (every value escaped by it); its only style is allowed by
 * hash in its own CSP.
 */
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { company, realPhone } from '../../widgets/core/company.ts';
import { customerLinks } from '../../widgets/core/texts.ts';
import { terms } from '../../widgets/core/terms.ts';
import { LIMITS } from '../../widgets/core/limits.ts';
import { PORTAL_LIMITS } from '../../widgets/core/portal-validation.ts';
import { FAULT_CATEGORIES, type FaultCategory } from '../../widgets/core/service-validation.ts';
import type { TicketEventRow, TicketRow } from './model.ts';
import { privatePageCsp } from '../../widgets/core/headers.ts';
import { escapeHtml } from '../admin-shared/html.ts';
import { dateTimeText } from '../../widgets/core/dates.ts';
import { TICKET_STATUS_LABELS, type TicketStatus } from '../../widgets/core/service-fields.ts';
import { statusLabel } from '../../widgets/core/status-keys.ts';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1c2430;background:#eef2f7}
.sheet{max-width:760px;margin:24px auto;padding:28px;background:#fff;border:1px solid #d8e0ea;border-radius:10px}
.brand{font-size:24px;font-weight:800;color:#0b5cad;margin:0 0 8px}
h1{font-size:24px;margin:0 0 4px}
h2{font-size:18px;margin:24px 0 8px}
.muted{color:#4b5563;font-size:14px}
.status{display:inline-block;padding:4px 12px;border-radius:999px;background:#e6f0fa;color:#0b3d73;font-weight:700}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #d8e0ea;vertical-align:top}
th{width:40%;font-weight:600;color:#4b5563}
ol.history{list-style:none;margin:0;padding:0;border-left:3px solid #0b5cad}
ol.history li{margin:0 0 12px;padding:0 0 0 16px}
.btn{display:inline-flex;align-items:center;min-height:44px;padding:10px 20px;border-radius:10px;border:2px solid #0b5cad;background:#0b5cad;color:#fff;font-weight:600;text-decoration:none}
:focus-visible{outline:3px solid #f5a524;outline-offset:2px}
.lookup{display:grid;gap:6px;margin:20px 0;max-width:420px}
.lookup label{font-weight:600}
.lookup input{font:inherit;min-height:44px;padding:8px 10px;border:1px solid #8a97a8;border-radius:8px}
.lookup .btn{justify-self:start;margin-top:8px}
.error{color:#b42318;font-weight:600}
.links{margin-top:0;padding:14px 28px;font-size:15px}
@media (max-width:600px){.sheet{margin:0;border-radius:0;padding:18px}th{width:45%}}`;

let csp: Promise<string> | undefined;

/** The page's own CSP: nothing but its inline style. */
// The look-up form (number and e-mail) posts to this site.
export const ticketPageCsp = (): Promise<string> => (csp ??= privatePageCsp(STYLE, undefined, "'self'"));

const when = (iso: string): string => dateTimeText(iso, 'long');

/** What the customer reads for each status of the history (the status itself: `TICKET_STATUS_LABELS`). */
export const STATUS_TEXT: Readonly<Record<string, string>> = {
  new: 'Zgłoszenie przyjęte do systemu',
  accepted: 'Serwis przyjął zgłoszenie',
  en_route: 'Serwisant jest w drodze',
  repaired: 'Urządzenie naprawione',
  replacement: 'Dostarczono urządzenie zastępcze na czas naprawy',
  closed: 'Zgłoszenie zamknięte',
} satisfies Record<TicketStatus, string>;

/**
 * The page around `body`: head and style written here, the body rendered by Preact (which escapes every value).
 * Its referrer policy is same-origin, not no-referrer: under no-referrer the look-up form posts `Origin: null`
 * and the forms' guard refuses it; same-origin still sends the secret address to no other site.
 */
const page = (title: string, body: VNode): string => `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${renderToString(body)}
${renderToString(<CustomerLinks />)}
</body>
</html>
`;

/** The customer's ways in, as every page of the site has them in its footer. */
function CustomerLinks() {
  return (
    <nav className="sheet links" aria-label="Dla klientów">
      <a href="/konto">{customerLinks.portal}</a> · <a href="/serwis">{customerLinks.service}</a> ·{' '}
      <a href="/licznik">{customerLinks.meter}</a>
    </nav>
  );
}

function TicketView({ ticket, events, customer }: { ticket: TicketRow; events: TicketEventRow[]; customer: boolean }) {
  return (
    <main className="sheet">
      <p className="brand">{company.brand} – serwis</p>
      <h1>Zgłoszenie {ticket.number}</h1>
      <p>
        Status: <span className="status">{statusLabel(TICKET_STATUS_LABELS, ticket.status)}</span>
      </p>
      <table>
        <tbody>
          <tr>
            <th scope="row">Zgłoszono</th>
            <td>{when(ticket.created_at)}</td>
          </tr>
          <tr>
            <th scope="row">Problem</th>
            <td>
              {FAULT_CATEGORIES[ticket.category as FaultCategory] ?? ticket.category}
              {ticket.error_code ? ` (kod ${ticket.error_code})` : ''}
            </td>
          </tr>
          <tr>
            <th scope="row">Reakcja serwisu</th>
            {customer ? (
              <td>
                do <strong>{when(ticket.due_at)}</strong>{' '}
                <span className="muted">
                  ({ticket.sla_hours} h robocze, w godzinach pracy serwisu: {company.openingHours.displayLong})
                </span>
              </td>
            ) : (
              <td>
                w czasie reakcji z umowy urządzenia{' '}
                <span className="muted">
                  (do {terms.standardResponseHours} h, w pakiecie Premium do {terms.premiumSlaHours} h, w godzinach
                  pracy serwisu: {company.openingHours.displayLong}). Termin zgłoszenia klient z umową widzi w e-mailu
                  potwierdzającym, wysłanym na adres z umowy, i w strefie klienta.
                </span>
              </td>
            )}
          </tr>
        </tbody>
      </table>
      <h2>Historia zgłoszenia</h2>
      <ol className="history">
        {events.map((e) => (
          <li key={e.id}>
            <strong>{STATUS_TEXT[e.status] ?? e.status}</strong>
            <br />
            <span className="muted">
              {when(e.created_at)}
              {e.actor === 'klient' ? '' : ` · ${e.actor}`}
            </span>
            {e.note && <p>{e.note}</p>}
          </li>
        ))}
      </ol>
      <h2>Kontakt z serwisem</h2>
      <p>
        {realPhone() ? `${realPhone()?.display} · ` : ''}
        {company.email}
        <br />
        <span className="muted">Zachowaj ten link: pod nim zawsze sprawdzisz aktualny stan zgłoszenia.</span>
      </p>
      <p>
        <a className="btn" href="/">
          Strona główna
        </a>
      </p>
    </main>
  );
}

/**
 * The status page of `ticket`; `customer`: opened with the customer's link (service/ticket-link.ts),
 * so it shows the deadline, as the confirmation did.
 */
export function renderTicketPage(ticket: TicketRow, events: TicketEventRow[], customer = false): string {
  return page(
    `Zgłoszenie ${ticket.number} | ${company.brand}`,
    <TicketView ticket={ticket} events={events} customer={customer} />,
  );
}

/** The ticket look-up form: its number and the e-mail it was reported with. */
export function TicketLookupForm({ error, number, email }: { error?: string; number?: string; email?: string }) {
  return (
    <form method="post" action="/serwis/zgloszenie/szukaj" className="lookup">
      <h2>Sprawdź status zgłoszenia</h2>
      {error && (
        <p className="error" role="alert" id="lookup-error">
          {error}
        </p>
      )}
      <label htmlFor="lookup-number">Numer zgłoszenia</label>
      <input
        id="lookup-number"
        name="number"
        placeholder="SR-2026-000123"
        maxLength={PORTAL_LIMITS.ticketNumber}
        required
        defaultValue={number}
        aria-describedby={error ? 'lookup-error' : undefined}
      />
      <label htmlFor="lookup-email">E-mail podany w zgłoszeniu</label>
      <input
        id="lookup-email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={LIMITS.email}
        required
        defaultValue={email}
        aria-describedby={error ? 'lookup-error' : undefined}
      />
      <button className="btn" type="submit">
        Pokaż status
      </button>
    </form>
  );
}

export function renderMissingTicketPage(lookup: { error?: string; number?: string; email?: string } = {}): string {
  return page(
    `Nie znaleziono zgłoszenia | ${company.brand}`,
    <main className="sheet">
      <h1>Nie znaleziono zgłoszenia</h1>
      <p>
        Nie ma zgłoszenia serwisowego o tym adresie. Sprawdź link z potwierdzenia, znajdź zgłoszenie po numerze i
        adresie e-mail albo zadzwoń do serwisu.
      </p>
      <TicketLookupForm {...lookup} />
      <p>
        <a className="btn" href="/serwis">
          Zgłoś awarię
        </a>{' '}
        <a className="btn" href="/konto">
          Strefa klienta
        </a>
      </p>
    </main>,
  );
}
