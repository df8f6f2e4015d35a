/**
 * A device on the customer's page: its facts (serial, package, the service's response time,
 * the contract, the last reading) and its forms (a fault, a reading, toner), folded until opened.
 */
import type { ReactNode } from 'react';
import { portalCopy as copy } from './copy.ts';
import { LEVEL_NAMES } from '../../widgets/core/model.ts';
import { FAULT_CATEGORIES, SERVICE_LIMITS } from '../../widgets/core/service-fields.ts';
import { TONER_COLOUR_NAMES } from '../../widgets/core/toner.ts';
import { monthsText } from '../../widgets/core/plural.ts';
import { LIMITS } from '../../widgets/core/limits.ts';
import { PORTAL_LIMITS } from '../../widgets/core/portal-validation.ts';
import { dateText, dateTimeText } from '../../widgets/core/dates.ts';
import { formatNumber } from '../../widgets/core/format.ts';
import { hasSla } from '../../widgets/core/terms.ts';
import type { DeviceView } from './dashboard-data.ts';
import { Field, FieldError, describedBy, isTarget, value, type FormProblem } from './view-fields.tsx';
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
          {/* A required select's first option is an empty one (HTML: a placeholder label option), so nothing is chosen for the visitor. */}
          <option value="" selected={!value(problem, f, 'category')}>
            Wybierz…
          </option>
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

export function DeviceCard({ d, problem }: { d: DeviceView; problem?: FormProblem | undefined }) {
  const last = d.readings.at(-1);
  return (
    <article className="portal-card portal-device" aria-labelledby={`device-${d.id}`}>
      <h3 id={`device-${d.id}`}>{d.name}</h3>
      <dl className="portal-facts">
        <dt>Numer seryjny</dt>
        <dd>{d.serial}</dd>
        <dt>Pakiet</dt>
        <dd>{LEVEL_NAMES[d.level]}</dd>
        <dt>Cena</dt>
        <dd>{d.rates}</dd>
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
          {last && last.sentBy === copy.collectorSender ? ` (${copy.collectorSender})` : ''}
        </dd>
        {d.automatic ? (
          <>
            <dt>Odczyt automatyczny ({copy.collectorSender})</dt>
            <dd>
              {dateTimeText(d.automatic.at)}
              {d.automatic.mono !== null
                ? `: ${formatNumber(d.automatic.mono)} mono${d.automatic.color !== null ? `, ${formatNumber(d.automatic.color)} kolor` : ''}`
                : ''}
            </dd>
            <dt>Toner</dt>
            <dd>{d.automatic.toner}</dd>
          </>
        ) : null}
      </dl>
      <DeviceForms d={d} problem={problem} />
    </article>
  );
}
