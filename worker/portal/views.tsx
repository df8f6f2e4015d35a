/**
 * The views of the customer's page /konto, rendered to HTML by the worker into the page's
 * `#portal` area (and the signed-out one by the build into the static page). Plain HTML
 * forms posting to `/konto/*`: everything works without JavaScript and with the keyboard;
 * each error stands next to its field (`aria-describedby`).
 */
import type { ReactNode } from 'react';
import { portalCopy as copy } from './copy.ts';
import { company } from '../../widgets/core/company.ts';
import { LEVEL_NAMES, type PackageLevel } from '../../widgets/core/model.ts';
import { FAULT_CATEGORIES, SERVICE_LIMITS } from '../../widgets/core/service-fields.ts';
import { TONER_COLOUR_NAMES, type TonerColour } from '../../widgets/core/toner.ts';
import { monthsText } from '../../widgets/core/plural.ts';
import { LIMITS } from '../../widgets/core/limits.ts';
import { PORTAL_LIMITS, PORTAL_LINK_MINUTES } from '../../widgets/core/portal-validation.ts';

/** Field errors of a refused form: the field's name and the Polish text. */
export interface FormProblem {
  form: string;
  field?: string | undefined;
  error: string;
  values?: Record<string, string | string[]>;
}

const errId = (form: string, field: string) => `${form}-${field}-error`;

function FieldError({ problem, form, field }: { problem?: FormProblem | undefined; form: string; field: string }) {
  if (!problem || problem.form !== form || (problem.field ?? 'form') !== field) return null;
  return (
    <p className="field-error" id={errId(form, field)} role="alert">
      {problem.error}
    </p>
  );
}

const describedBy = (problem: FormProblem | undefined, form: string, field: string) =>
  problem && problem.form === form && (problem.field ?? 'form') === field ? errId(form, field) : undefined;

const value = (problem: FormProblem | undefined, form: string, field: string): string | undefined => {
  if (!problem || problem.form !== form) return undefined;
  const v = problem.values?.[field];
  return typeof v === 'string' ? v : undefined;
};

function Honeypot() {
  return (
    <div className="hp" aria-hidden="true">
      <label>
        Nie wypełniaj
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/** The signed-out page: the address for the link, and the code form. */
export function SignInView({ problem, sentTo }: { problem?: FormProblem | undefined; sentTo?: string | undefined }) {
  return (
    <div className="portal-grid">
      <section className="portal-card" aria-labelledby="portal-signin">
        {sentTo ? (
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
              <label htmlFor="link-email">{copy.signIn.email}</label>
              <input
                id="link-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={LIMITS.email}
                defaultValue={value(problem, 'link', 'email')}
                aria-invalid={describedBy(problem, 'link', 'email') ? 'true' : undefined}
                aria-describedby={describedBy(problem, 'link', 'email')}
              />
              <FieldError problem={problem} form="link" field="email" />
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
          <label htmlFor="code-email">{copy.signIn.email}</label>
          <input
            id="code-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            defaultValue={sentTo ?? value(problem, 'code', 'email')}
            aria-describedby={describedBy(problem, 'code', 'email')}
          />
          <FieldError problem={problem} form="code" field="email" />
          <label htmlFor="code-code">{copy.signIn.code}</label>
          <input
            id="code-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={PORTAL_LIMITS.code}
            required
            aria-describedby={describedBy(problem, 'code', 'code')}
          />
          <FieldError problem={problem} form="code" field="code" />
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

export interface DeviceView {
  id: number;
  name: string;
  serial: string;
  level: PackageLevel;
  type: 'mono' | 'color';
  slaHours: number;
  /** The contract's number (UM-…). */
  contract: string;
  contractStart: string;
  termMonths: number;
  termEnd: string;
  readings: { readOn: string; mono: number; color: number | null; sentBy: string }[];
  colours: TonerColour[];
  inFlight: TonerColour[];
}

export interface TicketView {
  number: string;
  url: string;
  serial: string;
  category: string;
  status: string;
  createdAt: string;
  dueAt: string;
  slaHours: number;
  closed: boolean;
  history: { status: string; at: string; note: string | null }[];
}

export interface OrderView {
  number: string;
  serial: string;
  colour: TonerColour;
  status: string;
  createdAt: string;
}

export interface BillView {
  /** 'YYYY-MM' */
  period: string;
  contract: string;
  net: string;
  gross: string;
  /** One sentence per device: its fee and overage. */
  lines: string[];
}

export interface DashboardData {
  email: string;
  company: string;
  devices: DeviceView[];
  tickets: TicketView[];
  orders: OrderView[];
  bills: BillView[];
  /** What the last action did, in a sentence (shown once above everything). */
  notice?: ReactNode;
}

const warsaw = (iso: string, withTime = true): string =>
  new Intl.DateTimeFormat('pl-PL', {
    timeZone: 'Europe/Warsaw',
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(new Date(iso));
const monthName = (period: string): string =>
  new Intl.DateTimeFormat('pl-PL', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${period}-01T12:00:00Z`),
  );
const day = (iso: string): string => iso.split('-').reverse().join('.');
const pages = (n: number): string => n.toLocaleString('pl-PL');

function slaText(d: DeviceView): string {
  return d.level === 'premium'
    ? `${d.slaHours} h robocze (SLA Premium) i urządzenie zastępcze przy dłuższej naprawie`
    : `${d.slaHours} h robocze`;
}

function DeviceForms({ d, problem }: { d: DeviceView; problem?: FormProblem | undefined }) {
  const f = `fault-${d.id}`;
  const r = `reading-${d.id}`;
  const t = `toner-${d.id}`;
  const open = (form: string) => problem?.form === form;
  const colours = d.colours.filter((c) => !d.inFlight.includes(c));
  return (
    <div className="portal-actions">
      <details open={open(f)}>
        <summary>{copy.fault.open}</summary>
        <form method="post" action="/konto/awaria" className="portal-form" noValidate>
          <input type="hidden" name="device" value={String(d.id)} />
          <FieldError problem={problem} form={f} field="form" />
          <label htmlFor={`${f}-category`}>Co się dzieje?</label>
          <select id={`${f}-category`} name="category" required>
            {Object.entries(FAULT_CATEGORIES).map(([key, label]) => (
              <option key={key} value={key} selected={value(problem, f, 'category') === key}>
                {label}
              </option>
            ))}
          </select>
          <label htmlFor={`${f}-description`}>Opis problemu</label>
          <textarea
            id={`${f}-description`}
            name="description"
            rows={4}
            required
            maxLength={SERVICE_LIMITS.description}
            defaultValue={value(problem, f, 'description')}
            aria-describedby={describedBy(problem, f, 'description')}
          />
          <FieldError problem={problem} form={f} field="description" />
          <label htmlFor={`${f}-code`}>Kod błędu z panelu (jeśli jest)</label>
          <input
            id={`${f}-code`}
            name="errorCode"
            maxLength={SERVICE_LIMITS.errorCode}
            defaultValue={value(problem, f, 'errorCode')}
          />
          <FieldError problem={problem} form={f} field="errorCode" />
          <label htmlFor={`${f}-name`}>Imię i nazwisko</label>
          <input
            id={`${f}-name`}
            name="name"
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            defaultValue={value(problem, f, 'name')}
            aria-describedby={describedBy(problem, f, 'name')}
          />
          <FieldError problem={problem} form={f} field="name" />
          <label htmlFor={`${f}-phone`}>Telefon do serwisanta</label>
          <input
            id={`${f}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            maxLength={LIMITS.phone}
            defaultValue={value(problem, f, 'phone')}
            aria-describedby={describedBy(problem, f, 'phone')}
          />
          <FieldError problem={problem} form={f} field="phone" />
          <p className="portal-note">Czas reakcji dla tego urządzenia: {slaText(d)}.</p>
          <button type="submit" className="btn">
            {copy.fault.send}
          </button>
        </form>
      </details>
      <details open={open(r)}>
        <summary>{copy.reading.open}</summary>
        <form method="post" action="/konto/odczyt" className="portal-form" noValidate>
          <input type="hidden" name="device" value={String(d.id)} />
          <FieldError problem={problem} form={r} field="form" />
          <label htmlFor={`${r}-mono`}>Strony czarno-białe (licznik)</label>
          <input
            id={`${r}-mono`}
            name="mono"
            inputMode="numeric"
            required
            maxLength={PORTAL_LIMITS.counter}
            defaultValue={value(problem, r, 'mono')}
            aria-describedby={describedBy(problem, r, 'mono')}
          />
          <FieldError problem={problem} form={r} field="mono" />
          {d.type === 'color' && (
            <>
              <label htmlFor={`${r}-color`}>Strony kolorowe (licznik)</label>
              <input
                id={`${r}-color`}
                name="color"
                inputMode="numeric"
                required
                maxLength={PORTAL_LIMITS.counter}
                defaultValue={value(problem, r, 'color')}
                aria-describedby={describedBy(problem, r, 'color')}
              />
              <FieldError problem={problem} form={r} field="color" />
            </>
          )}
          <label htmlFor={`${r}-day`}>Data odczytu</label>
          <input id={`${r}-day`} name="readOn" type="date" defaultValue={value(problem, r, 'readOn')} />
          <FieldError problem={problem} form={r} field="readOn" />
          {problem?.form === r && problem.field === 'confirm' && (
            <>
              <FieldError problem={problem} form={r} field="confirm" />
              <label className="check">
                <input type="checkbox" name="confirm" value="1" /> {copy.reading.confirm}
              </label>
            </>
          )}
          <button type="submit" className="btn">
            {copy.reading.send}
          </button>
        </form>
      </details>
      <details open={open(t)}>
        <summary>{copy.toner.open}</summary>
        <form method="post" action="/konto/toner" className="portal-form" noValidate>
          <input type="hidden" name="device" value={String(d.id)} />
          <FieldError problem={problem} form={t} field="form" />
          <fieldset aria-describedby={describedBy(problem, t, 'colours')}>
            <legend>Kolory</legend>
            {d.colours.map((c) => (
              <label key={c} className="check">
                <input type="checkbox" name="colour" value={c} disabled={d.inFlight.includes(c)} />{' '}
                {TONER_COLOUR_NAMES[c]}
                {d.inFlight.includes(c) ? ` – ${copy.toner.inFlight}` : ''}
              </label>
            ))}
          </fieldset>
          <FieldError problem={problem} form={t} field="colours" />
          <label htmlFor={`${t}-note`}>Uwagi (opcjonalnie)</label>
          <input
            id={`${t}-note`}
            name="note"
            maxLength={SERVICE_LIMITS.note}
            defaultValue={value(problem, t, 'note')}
          />
          <p className="portal-note">{copy.toner.approval}</p>
          <button type="submit" className="btn" disabled={colours.length === 0}>
            {copy.toner.send}
          </button>
        </form>
      </details>
    </div>
  );
}

function DeviceCard({ d, problem }: { d: DeviceView; problem?: FormProblem | undefined }) {
  const last = d.readings.at(-1);
  return (
    <article className="portal-card portal-device" aria-labelledby={`device-${d.id}`}>
      <h3 id={`device-${d.id}`}>{d.name}</h3>
      <dl className="portal-facts">
        <dt>Numer seryjny</dt>
        <dd>{d.serial}</dd>
        <dt>Pakiet</dt>
        <dd>{LEVEL_NAMES[d.level]}</dd>
        <dt>Czas reakcji serwisu</dt>
        <dd>{slaText(d)}</dd>
        <dt>Umowa</dt>
        <dd>
          {d.contract}: od {day(d.contractStart)}, {monthsText(d.termMonths)}, do {day(d.termEnd)}
        </dd>
        <dt>Ostatni odczyt</dt>
        <dd>
          {last
            ? `${day(last.readOn)}: ${pages(last.mono)} mono${last.color !== null ? `, ${pages(last.color)} kolor` : ''}`
            : copy.noReadings}
        </dd>
      </dl>
      <DeviceForms d={d} problem={problem} />
    </article>
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
      {data.notice && (
        <div className="portal-notice" role="status" tabIndex={-1} id="portal-notice">
          {data.notice}
        </div>
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
                      Zgłoszono {warsaw(t.createdAt)}; reakcja w {t.slaHours} h robocze – do {warsaw(t.dueAt)}
                    </p>
                    <ol className="portal-history">
                      {t.history.map((h) => (
                        <li key={`${h.at}${h.status}`}>
                          {warsaw(h.at)}: {h.status}
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
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Mono</th>
                  {d.type === 'color' && <th scope="col">Kolor</th>}
                  <th scope="col">Kto podał</th>
                </tr>
              </thead>
              <tbody>
                {d.readings.length === 0 ? (
                  <tr>
                    <td colSpan={d.type === 'color' ? 4 : 3}>{copy.noReadings}</td>
                  </tr>
                ) : (
                  [...d.readings].reverse().map((r) => (
                    <tr key={`${r.readOn}-${r.mono}`}>
                      <td>{day(r.readOn)}</td>
                      <td>{pages(r.mono)}</td>
                      {d.type === 'color' && <td>{r.color === null ? '—' : pages(r.color)}</td>}
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
            <table className="portal-table bills">
              <thead>
                <tr>
                  <th scope="col">Okres</th>
                  <th scope="col">Umowa</th>
                  <th scope="col">Netto</th>
                  <th scope="col">Brutto</th>
                  <th scope="col">Szczegóły</th>
                </tr>
              </thead>
              <tbody>
                {data.bills.map((b) => (
                  <tr key={`${b.period}-${b.contract}`}>
                    <td>{monthName(b.period)}</td>
                    <td>{b.contract}</td>
                    <td className="money">{b.net}</td>
                    <td className="money">{b.gross}</td>
                    <td>
                      {b.lines.map((l) => (
                        <span key={l} className="bill-line">
                          {l}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
                <span className="status">{o.status}</span> · {warsaw(o.createdAt)}
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
