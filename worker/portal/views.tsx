/**
 * The views of the customer's page /konto, rendered to HTML by the worker into the page's
 * `#portal` area (and the signed-out one by the build into the static page). Plain HTML
 * forms posting to `/konto/*`: everything works without JavaScript and with the keyboard;
 * each error stands next to its field (`aria-describedby`).
 */
import { portalCopy as copy } from './copy.ts';
import { company } from '../../widgets/core/company.ts';
import { TONER_COLOUR_NAMES } from '../../widgets/core/toner.ts';
import { LIMITS } from '../../widgets/core/limits.ts';
import { PORTAL_LIMITS, PORTAL_LINK_MINUTES } from '../../widgets/core/portal-validation.ts';
import { dateText, dateTimeText, monthText } from '../../widgets/core/dates.ts';
import { formatNumber } from '../../widgets/core/format.ts';
import type { DashboardData } from './dashboard-data.ts';
import { DeviceCard } from './device-card.tsx';
import { Field, FieldError, Honeypot, type FormProblem, problemTarget } from './view-fields.tsx';

/** The signed-out page: the address for the link, and the code form. */
export function SignInView({
  problem,
  sentTo,
  held,
}: {
  problem?: FormProblem | undefined;
  sentTo?: string | undefined;
  /** The hour's limits held the request back (for any address alike): say so, not 'za chwilę'. */
  held?: boolean;
}) {
  return (
    <div className="portal-grid">
      <section className="portal-card" aria-labelledby="portal-signin">
        {sentTo && held ? (
          <>
            <h2 id="portal-signin">{copy.signIn.sentHeading}</h2>
            <p role="status">{copy.signIn.held}</p>
            <p>{copy.signIn.heldWhy(sentTo)}</p>
          </>
        ) : sentTo ? (
          <>
            <h2 id="portal-signin">{copy.signIn.sentHeading}</h2>
            <p role="status">{copy.signIn.sent(sentTo, PORTAL_LINK_MINUTES)}</p>
          </>
        ) : (
          <>
            <h2 id="portal-signin">{copy.signIn.heading}</h2>
            <p>{copy.signIn.intro}</p>
            <FieldError problem={problem} form="link" field="form" />
            <form method="post" action="/konto" className="portal-form" noValidate>
              <Field
                problem={problem}
                form="link"
                field="email"
                label={copy.signIn.email}
                type="email"
                autoComplete="email"
                required
                maxLength={LIMITS.email}
              />
              <Honeypot />
              <button type="submit" className="btn">
                {copy.signIn.send}
              </button>
              <p className="portal-note">{copy.signIn.privacy}</p>
            </form>
          </>
        )}
      </section>
      <section className="portal-card" aria-labelledby="portal-code">
        <h2 id="portal-code">{copy.signIn.codeHeading}</h2>
        <FieldError problem={problem} form="code" field="form" />
        <form method="post" action="/konto/zaloguj" className="portal-form" noValidate>
          <Field
            problem={problem}
            form="code"
            field="email"
            label={copy.signIn.email}
            initial={sentTo}
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
          />
          <Field
            problem={problem}
            form="code"
            field="code"
            label={copy.signIn.code}
            echo={false}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={PORTAL_LIMITS.code}
            required
          />
          <button type="submit" className="btn ghost">
            {copy.signIn.codeSend}
          </button>
        </form>
      </section>
    </div>
  );
}

/** What the link of the e-mail opens: only a button; the click spends the link. */
export function ConfirmView({ token }: { token: string }) {
  return (
    <section className="portal-card portal-confirm" aria-labelledby="portal-confirm">
      <h2 id="portal-confirm">{copy.signIn.confirmHeading}</h2>
      <p>{copy.signIn.confirmText}</p>
      <form method="post" action="/konto/zaloguj">
        <input type="hidden" name="t" value={token} />
        <button type="submit" className="btn btn-lg">
          {copy.signIn.confirm}
        </button>
      </form>
    </section>
  );
}

/* ---- Signed in ---- */

/** A table's column headings. */
function Columns({ names }: { names: string[] }) {
  return (
    <thead>
      <tr>
        {names.map((n) => (
          <th key={n} scope="col">
            {n}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function DashboardView({ data, problem }: { data: DashboardData; problem?: FormProblem | undefined }) {
  const open = data.tickets.filter((t) => !t.closed);
  const closed = data.tickets.filter((t) => t.closed);
  return (
    <div className="portal">
      <div className="portal-bar">
        <p>
          {data.company ? <strong>{data.company}</strong> : null} <span className="portal-who">{data.email}</span>
        </p>
        <form method="post" action="/konto/wyloguj">
          <button type="submit" className="btn ghost">
            {copy.signOut}
          </button>
        </form>
      </div>
      {problem && (
        // A refused form: its error at the top of the page too, with the way to the field (which has the focus).
        <div className="portal-problem" id="portal-problem">
          <p>
            <strong>{copy.refused}</strong> {problem.error}
          </p>
          <p>
            <a href={`#${problemTarget(problem)}`}>{copy.toField}</a>
          </p>
        </div>
      )}
      {data.notice && (
        <div className="portal-notice" role="status" tabIndex={-1} id="portal-notice">
          {data.notice}
        </div>
      )}
      {data.openInvoices && data.openInvoices.length > 0 && (
        <section aria-labelledby="portal-open-invoices">
          <h2 id="portal-open-invoices">Faktury do zapłaty</h2>
          <div className="table-scroll">
            <table className="portal-table invoices stacked">
              <Columns
                names={['Faktura', 'Umowa', 'Wystawiona', 'Termin', 'Do zapłaty', 'Wpłacono', 'Stan', 'Tytuł przelewu']}
              />
              <tbody>
                {data.openInvoices.map((i) => (
                  <tr key={i.number} className={i.overdue ? 'overdue' : undefined}>
                    <td data-label="Faktura">{i.number}</td>
                    <td data-label="Umowa">{i.contract}</td>
                    <td data-label="Wystawiona">{dateText(i.issueDate)}</td>
                    <td data-label="Termin">{dateText(i.dueDate)}</td>
                    <td data-label="Do zapłaty" className="money">
                      {i.left}
                    </td>
                    <td data-label="Wpłacono" className="money">
                      {i.paid}
                    </td>
                    <td data-label="Stan">{i.overdue ? <strong>{i.state}</strong> : i.state}</td>
                    <td data-label="Tytuł przelewu" className="transfer-title">
                      {i.title}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.payTo && <p className="hint">{data.payTo}</p>}
        </section>
      )}
      <section aria-labelledby="portal-devices">
        <h2 id="portal-devices">{copy.devices}</h2>
        {data.devices.length === 0 ? <p>{copy.noDevices(data.email)}</p> : null}
        <div className="portal-devices">
          {data.devices.map((d) => (
            <DeviceCard key={d.id} d={d} problem={problem} />
          ))}
        </div>
      </section>
      <section aria-labelledby="portal-tickets">
        <h2 id="portal-tickets">{copy.tickets}</h2>
        {data.tickets.length === 0 ? <p>{copy.noTickets}</p> : null}
        {[
          { label: 'Otwarte', list: open },
          { label: 'Zamknięte', list: closed },
        ].map(({ label, list }) =>
          list.length ? (
            <div key={label}>
              <h3>{label}</h3>
              <ul className="portal-list">
                {list.map((t) => (
                  <li key={t.number}>
                    <p>
                      <a href={t.url}>
                        <strong>{t.number}</strong>
                      </a>{' '}
                      · {t.category} · nr seryjny {t.serial} · <span className="status">{t.status}</span>
                    </p>
                    <p className="portal-note">
                      Zgłoszono {dateTimeText(t.createdAt, 'short')}; reakcja w {t.slaHours} h robocze – do{' '}
                      {dateTimeText(t.dueAt, 'short')}
                    </p>
                    <ol className="portal-history">
                      {t.history.map((h) => (
                        <li key={`${h.at}${h.status}`}>
                          {dateTimeText(h.at, 'short')}: {h.status}
                          {h.note ? ` – ${h.note}` : ''}
                        </li>
                      ))}
                    </ol>
                  </li>
                ))}
              </ul>
            </div>
          ) : null,
        )}
      </section>
      <section aria-labelledby="portal-readings">
        <h2 id="portal-readings">{copy.readings}</h2>
        {data.devices.map((d) => (
          <div key={d.id} className="table-scroll">
            <table className="portal-table">
              <caption>
                {d.name} · {d.serial}
              </caption>
              <Columns
                names={d.type === 'color' ? ['Data', 'Mono', 'Kolor', 'Kto podał'] : ['Data', 'Mono', 'Kto podał']}
              />
              <tbody>
                {d.readings.length === 0 ? (
                  <tr>
                    <td colSpan={d.type === 'color' ? 4 : 3}>{copy.noReadings}</td>
                  </tr>
                ) : (
                  [...d.readings].reverse().map((r) => (
                    <tr key={`${r.readOn}-${r.mono}`}>
                      <td>{dateText(r.readOn)}</td>
                      <td>{formatNumber(r.mono)}</td>
                      {d.type === 'color' && <td>{r.color === null ? '—' : formatNumber(r.color)}</td>}
                      <td>{r.sentBy}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        ))}
      </section>
      {data.bills.length > 0 && (
        <section aria-labelledby="portal-bills">
          <h2 id="portal-bills">{copy.bills}</h2>
          <div className="table-scroll">
            <table className="portal-table bills stacked">
              <Columns names={['Okres', 'Umowa', 'Netto', 'Brutto', 'Szczegóły']} />
              <tbody>
                {data.bills.map((b) => (
                  <tr key={`${b.period}-${b.contract}`}>
                    <td data-label="Okres">{monthText(b.period)}</td>
                    <td data-label="Umowa">{b.contract}</td>
                    <td data-label="Netto" className="money">
                      {b.net}
                    </td>
                    <td data-label="Brutto" className="money">
                      {b.gross}
                    </td>
                    <td data-label="Szczegóły">
                      <div>
                        {b.lines.map((l) => (
                          <span key={l} className="bill-line">
                            {l}
                          </span>
                        ))}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {data.invoices.length > 0 && (
        <section aria-labelledby="portal-invoices">
          <h2 id="portal-invoices">Faktury</h2>
          {[...new Set(data.invoices.map((i) => i.contract))].map((contract) => (
            <div key={contract} className="table-scroll">
              {/* Cards below 600 px, as the bills and the invoices to pay: no sideways scrolling at 375 px. */}
              <table className="portal-table invoices stacked">
                <caption>Umowa {contract}</caption>
                <Columns names={['Okres', 'Faktura', 'Brutto', 'KSeF']} />
                <tbody>
                  {data.invoices
                    .filter((i) => i.contract === contract)
                    .map((i) => (
                      <tr key={i.number}>
                        <td data-label="Okres">{monthText(i.period)}</td>
                        <td data-label="Faktura">
                          <a href={i.url}>
                            {i.kind} {i.number}
                          </a>
                        </td>
                        <td data-label="Brutto" className="money">
                          {i.gross}
                        </td>
                        <td data-label="KSeF">{i.accepted ? `nr ${i.ksef}` : i.ksef}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          ))}
        </section>
      )}
      <section aria-labelledby="portal-orders">
        <h2 id="portal-orders">{copy.orders}</h2>
        {data.orders.length === 0 ? (
          <p>{copy.noOrders}</p>
        ) : (
          <ul className="portal-list">
            {data.orders.map((o) => (
              <li key={`${o.number}-${o.colour}`}>
                <strong>{o.number}</strong> · {TONER_COLOUR_NAMES[o.colour]} · nr seryjny {o.serial} ·{' '}
                <span className="status">{o.status}</span> · {dateTimeText(o.createdAt, 'short')}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="portal-note">
        Pytania o umowę lub rozliczenia: <a href={`mailto:${company.email}`}>{company.email}</a>
      </p>
    </div>
  );
}
