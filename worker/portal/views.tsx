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
import { dateText, dateTimeText, monthText } from '../../widgets/core/dates.ts';
import { formatNumber } from '../../widgets/core/format.ts';
import { hasSla } from '../../widgets/core/terms.ts';

/** Field errors of a refused form: the field's name and the Polish text. */
export interface FormProblem {
  form: string;
  field?: string | undefined;
  error: string;
  values?: Record<string, string | string[]>;
}

const errId = (form: string, field: string) => `${form}-${field}-error`;

/** The id suffix of a field's element where it is not the field's name (Field's `id`). */
const FIELD_IDS: Record<string, string> = { errorCode: 'code', readOn: 'day' };

/** The element a refused form's error belongs to: the field, or the form-wide error itself. */
const problemTarget = (problem: FormProblem): string =>
  (problem.field ?? 'form') === 'form'
    ? errId(problem.form, 'form')
    : `${problem.form}-${FIELD_IDS[problem.field ?? ''] ?? problem.field}`;

/** Whether `field` of `form` is where the refused form's error is (it takes the focus when the page loads). */
const isTarget = (problem: FormProblem | undefined, form: string, field: string): boolean =>
  !!problem && problem.form === form && (problem.field ?? 'form') === field;

function FieldError({ problem, form, field }: { problem?: FormProblem | undefined; form: string; field: string }) {
  if (!problem || problem.form !== form || (problem.field ?? 'form') !== field) return null;
  // A form-wide error is itself where the visitor is taken (focusable, focused when the page loads).
  const formWide = field === 'form';
  return (
    <p
      className="field-error"
      id={errId(form, field)}
      role="alert"
      tabIndex={formWide ? -1 : undefined}
      // biome-ignore lint/a11y/noAutofocus: only on a refused form's field, which the visitor came back to fix (FormProblem)
      autoFocus={formWide || undefined}
    >
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

/**
 * One labelled input of a portal form with its error below it: after a refusal it shows
 * what was sent and is described by the error. `id` is the suffix of the element's id.
 */
function Field({
  problem,
  form,
  field,
  label,
  id = field,
  initial,
  echo = true,
  ...input
}: {
  problem?: FormProblem | undefined;
  form: string;
  field: string;
  label: string;
  id?: string;
  /** The value before anything was sent (what was sent wins after a refusal). */
  initial?: string | undefined;
  /** false: never shown again after a refusal (a sign-in code). */
  echo?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
  pattern?: string;
  required?: boolean;
  maxLength?: number;
}) {
  const error = describedBy(problem, form, field);
  return (
    <>
      <label htmlFor={`${form}-${id}`}>{label}</label>
      <input
        id={`${form}-${id}`}
        name={field}
        defaultValue={echo ? (value(problem, form, field) ?? initial) : undefined}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error}
        // biome-ignore lint/a11y/noAutofocus: only on a refused form's field, which the visitor came back to fix (FormProblem)
        autoFocus={error ? true : undefined}
        {...input}
      />
      <FieldError problem={problem} form={form} field={field} />
    </>
  );
}

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

export interface InvoiceView {
  contract: string;
  number: string;
  /** 'Faktura VAT' or 'Korekta'. */
  kind: string;
  period: string;
  gross: string;
  /** The KSeF number, or the invoice's state in KSeF in Polish. */
  ksef: string;
  accepted: boolean;
  url: string;
}

/** An invoice not paid in full: what it asks, what came in, whether it is past due. */
export interface OpenInvoiceView {
  number: string;
  contract: string;
  issueDate: string;
  dueDate: string;
  left: string;
  paid: string;
  state: string;
  overdue: boolean;
}

export interface DashboardData {
  email: string;
  company: string;
  /** Invoices not paid in full, oldest due first; the transfer's details to pay them. */
  openInvoices?: OpenInvoiceView[] | undefined;
  payTo?: string | undefined;
  devices: DeviceView[];
  tickets: TicketView[];
  orders: OrderView[];
  bills: BillView[];
  /** The invoices, grouped under their contract by the page. */
  invoices: InvoiceView[];
  /** What the last action did, in a sentence (shown once above everything). */
  notice?: ReactNode;
}

function slaText(d: DeviceView): string {
  return hasSla(d.level)
    ? `${d.slaHours} h robocze (SLA Premium) i urządzenie zastępcze przy dłuższej naprawie`
    : `${d.slaHours} h robocze`;
}

/** Where each of a device's forms posts (worker/portal/routes.tsx); its texts are `copy[kind]`. */
const DEVICE_FORM_ACTIONS = { fault: '/konto/awaria', reading: '/konto/odczyt', toner: '/konto/toner' } as const;

/**
 * One of a device's forms, folded until opened (open again after its refusal): posts for
 * the device, with the form-wide error on top and its button below. Its name is
 * `<kind>-<device id>`, as the route names a refused form.
 */
function DeviceForm({
  kind,
  device,
  problem,
  disabled,
  children,
}: {
  kind: keyof typeof DEVICE_FORM_ACTIONS;
  device: number;
  problem?: FormProblem | undefined;
  disabled?: boolean;
  children: ReactNode;
}) {
  const form = `${kind}-${device}`;
  return (
    <details open={problem?.form === form}>
      <summary>{copy[kind].open}</summary>
      <form method="post" action={DEVICE_FORM_ACTIONS[kind]} className="portal-form" noValidate>
        <input type="hidden" name="device" value={String(device)} />
        <FieldError problem={problem} form={form} field="form" />
        {children}
        <button type="submit" className="btn" disabled={disabled}>
          {copy[kind].send}
        </button>
      </form>
    </details>
  );
}

function DeviceForms({ d, problem }: { d: DeviceView; problem?: FormProblem | undefined }) {
  const f = `fault-${d.id}`;
  const r = `reading-${d.id}`;
  const t = `toner-${d.id}`;
  const colours = d.colours.filter((c) => !d.inFlight.includes(c));
  return (
    <div className="portal-actions">
      <DeviceForm kind="fault" device={d.id} problem={problem}>
        <label htmlFor={`${f}-category`}>Co się dzieje?</label>
        <select
          id={`${f}-category`}
          name="category"
          required
          aria-describedby={describedBy(problem, f, 'category')}
          // biome-ignore lint/a11y/noAutofocus: only on a refused form's field, which the visitor came back to fix (FormProblem)
          autoFocus={isTarget(problem, f, 'category') || undefined}
        >
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
          aria-invalid={isTarget(problem, f, 'description') ? 'true' : undefined}
          aria-describedby={describedBy(problem, f, 'description')}
          // biome-ignore lint/a11y/noAutofocus: only on a refused form's field, which the visitor came back to fix (FormProblem)
          autoFocus={isTarget(problem, f, 'description') || undefined}
        />
        <FieldError problem={problem} form={f} field="description" />
        <Field
          problem={problem}
          form={f}
          field="errorCode"
          id="code"
          label="Kod błędu z panelu (jeśli jest)"
          maxLength={SERVICE_LIMITS.errorCode}
        />
        <Field
          problem={problem}
          form={f}
          field="name"
          label="Imię i nazwisko"
          autoComplete="name"
          required
          maxLength={LIMITS.name}
        />
        <Field
          problem={problem}
          form={f}
          field="phone"
          label="Telefon do serwisanta"
          type="tel"
          autoComplete="tel"
          required
          maxLength={LIMITS.phone}
        />
        <p className="portal-note">Czas reakcji dla tego urządzenia: {slaText(d)}.</p>
      </DeviceForm>
      <DeviceForm kind="reading" device={d.id} problem={problem}>
        <Field
          problem={problem}
          form={r}
          field="mono"
          label="Strony czarno-białe (licznik)"
          inputMode="numeric"
          required
          maxLength={PORTAL_LIMITS.counter}
        />
        {d.type === 'color' && (
          <Field
            problem={problem}
            form={r}
            field="color"
            label="Strony kolorowe (licznik)"
            inputMode="numeric"
            required
            maxLength={PORTAL_LIMITS.counter}
          />
        )}
        <Field problem={problem} form={r} field="readOn" id="day" label="Data odczytu" type="date" />
        {problem?.form === r && problem.field === 'confirm' && (
          <>
            <FieldError problem={problem} form={r} field="confirm" />
            <label className="check">
              <input
                type="checkbox"
                id={`${r}-confirm`}
                name="confirm"
                value="1"
                aria-describedby={describedBy(problem, r, 'confirm')}
                // biome-ignore lint/a11y/noAutofocus: only on a refused form's field, which the visitor came back to fix (FormProblem)
                autoFocus
              />{' '}
              {copy.reading.confirm}
            </label>
          </>
        )}
      </DeviceForm>
      <DeviceForm kind="toner" device={d.id} problem={problem} disabled={colours.length === 0}>
        <fieldset
          id={`${t}-colours`}
          aria-describedby={describedBy(problem, t, 'colours')}
          tabIndex={isTarget(problem, t, 'colours') ? -1 : undefined}
          // biome-ignore lint/a11y/noAutofocus: only on a refused form's field, which the visitor came back to fix (FormProblem)
          autoFocus={isTarget(problem, t, 'colours') || undefined}
        >
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
        <Field problem={problem} form={t} field="note" label="Uwagi (opcjonalnie)" maxLength={SERVICE_LIMITS.note} />
        <p className="portal-note">{copy.toner.approval}</p>
      </DeviceForm>
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
          {d.contract}: od {dateText(d.contractStart)}, {monthsText(d.termMonths)}, do {dateText(d.termEnd)}
        </dd>
        <dt>Ostatni odczyt</dt>
        <dd>
          {last
            ? `${dateText(last.readOn)}: ${formatNumber(last.mono)} mono${last.color !== null ? `, ${formatNumber(last.color)} kolor` : ''}`
            : copy.noReadings}
        </dd>
      </dl>
      <DeviceForms d={d} problem={problem} />
    </article>
  );
}

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
              <Columns names={['Faktura', 'Umowa', 'Wystawiona', 'Termin', 'Do zapłaty', 'Wpłacono', 'Stan']} />
              <tbody>
                {data.openInvoices.map((i) => (
                  <tr key={i.number} className={i.overdue ? 'overdue' : undefined}>
                    <td data-label="Faktura">{i.number}</td>
                    <td data-label="Umowa">{i.contract}</td>
                    <td data-label="Wystawiona">{i.issueDate}</td>
                    <td data-label="Termin">{i.dueDate}</td>
                    <td data-label="Do zapłaty" className="money">
                      {i.left}
                    </td>
                    <td data-label="Wpłacono" className="money">
                      {i.paid}
                    </td>
                    <td data-label="Stan">{i.overdue ? <strong>{i.state}</strong> : i.state}</td>
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
              <table className="portal-table invoices">
                <caption>Umowa {contract}</caption>
                <Columns names={['Okres', 'Faktura', 'Brutto', 'KSeF']} />
                <tbody>
                  {data.invoices
                    .filter((i) => i.contract === contract)
                    .map((i) => (
                      <tr key={i.number}>
                        <td>{monthText(i.period)}</td>
                        <td>
                          <a href={i.url}>
                            {i.kind} {i.number}
                          </a>
                        </td>
                        <td className="money">{i.gross}</td>
                        <td>{i.accepted ? `nr ${i.ksef}` : i.ksef}</td>
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
