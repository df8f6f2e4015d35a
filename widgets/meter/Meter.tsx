/**
 * `<kserowo-meter>`: 'Podaj stan licznika' for existing customers (issue 17, DESIGN §7).
 *
 * Attributes: `api-base`, `partner`, `utm-*`, prefill `name`, `email`, `serial` (also read
 * from the page's `?serial=`, the link of the monthly reminder).
 * Events: `kserowo:lead` {kind: 'meter', serial}; `kserowo:error` {kind, message}.
 *
 * Shadow DOM with labels and inputs in the same tree and `autocomplete` tokens (as the
 * configurator). The server refuses a counter lower than the previous reading (its Polish
 * message is shown) and asks to confirm a jump over 3× the monthly average (422 with
 * `confirm: true`): the form then shows the question and re-sends with `confirm: true`
 * under the same submission id. Typed values stay on every failure.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { newSubmissionId, postJson } from '../core/api.ts';
import { attribution, rememberFirstVisit } from '../core/attribution.ts';
import { scriptOrigin } from '../core/catalogue-source.ts';
import type { WidgetHostProps } from '../core/define.ts';
import { TOAST } from '../core/errors.ts';
import { emit, hostOf } from '../core/events.ts';
import { WidgetBoundary } from '../core/Fallback.tsx';
import { SERVICE_ERRORS, SERVICE_LIMITS, warsawToday } from '../core/service-fields.ts';
import { FIELD_ERRORS, LIMITS, SPEC_EMAIL, type Toast } from '../core/validation.ts';
import type { CommonProps } from '../core/widget-props.ts';
import { ErrorToast, Field, Honeypot, KIT_TEXT, PrivacyBlock } from '../core/service-form.tsx';

export interface MeterProps extends WidgetHostProps, CommonProps {
  name?: string;
  email?: string;
  serial?: string;
}

export const METER_TEXT = {
  fallback: 'Formularz odczytu licznika chwilowo niedostępny',
  title: 'Podaj stan licznika',
  serial: 'Numer seryjny urządzenia',
  serialHint: 'Na naklejce z tyłu urządzenia lub w menu: Licznik / Informacje o urządzeniu.',
  mono: 'Licznik czarno-biały (mono)',
  color: 'Licznik kolorowy',
  colorHint: 'Tylko dla urządzeń kolorowych.',
  readOn: 'Data odczytu',
  note: 'Uwagi',
  name: 'Imię i nazwisko',
  email: 'E-mail',
  purpose: 'rozliczyć wydruki ponad limit Twojego pakietu i skontaktować się z Tobą w sprawie odczytu',
  submit: 'Wyślij odczyt',
  confirm: 'Tak, liczby są poprawne – wyślij',
  fix: 'Popraw liczby',
  doneTitle: 'Odczyt zapisany',
  done: (serial: string, mono: string, color: string | undefined, day: string) =>
    `Urządzenie ${serial}, ${day}: ${mono} stron mono${color ? `, ${color} stron kolor` : ''}. Dziękujemy!`,
  again: 'Podaj kolejny odczyt',
} as const;

export const METER_PATH = '/api/meter-readings';

interface Values {
  serial: string;
  mono: string;
  color: string;
  readOn: string;
  note: string;
  name: string;
  email: string;
  marketingConsent: boolean;
}

const serialFromUrl = (): string => {
  try {
    return new URLSearchParams(location.search).get('serial')?.slice(0, SERVICE_LIMITS.serial) ?? '';
  } catch {
    return '';
  }
};

/** '12 345' or '12345' → 12345; anything else stays text, for the schema's Polish message. */
const counter = (text: string): number | string | undefined => {
  const t = text.replace(/[\s\u00a0]/g, '');
  if (t === '') return undefined;
  return /^\d+$/.test(t) ? Number(t) : t;
};

export function Meter(props: MeterProps) {
  return (
    <WidgetBoundary title={METER_TEXT.fallback} container={props.container}>
      <MeterForm {...props} />
    </WidgetBoundary>
  );
}

function initial(props: MeterProps): Values {
  return {
    serial: props.serial ?? serialFromUrl(),
    mono: '',
    color: '',
    readOn: warsawToday(),
    note: '',
    name: props.name ?? '',
    email: props.email ?? '',
    marketingConsent: false,
  };
}

function MeterForm(props: MeterProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => initial(props));
  const [invalid, setInvalid] = useState<string | undefined>();
  const [toast, setToast] = useState<Toast | undefined>();
  const [question, setQuestion] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | undefined>();
  const submission = useRef<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusTarget = useRef<HTMLElement>(null);

  useEffect(rememberFirstVisit, []);
  useEffect(() => {
    if (done || question) focusTarget.current?.focus();
  }, [done, question]);

  const host = () => hostOf(props.container);
  const fail = (kind: 'validation' | 'server' | 'network', shown: Toast) => {
    setToast(shown);
    emit(host(), 'kserowo:error', { kind, message: shown.text });
  };
  const set = (key: keyof Values) => (e: Event) => {
    const value = (e.currentTarget as HTMLInputElement).value;
    setValues((v) => ({ ...v, [key]: value }));
    if (invalid === key) setInvalid(undefined);
    setQuestion(undefined);
  };

  const send = async (confirm: boolean) => {
    if (busy) return;
    // The required fields, whole numbers and the spec's e-mail pattern here; every other
    // rule (core/service-validation.ts) is the server's, whose Polish message is shown.
    const mono = counter(values.mono);
    const color = counter(values.color);
    const title = TOAST.validation.title;
    const problems: [keyof Values, Toast | undefined][] = [
      ['serial', values.serial.trim() ? undefined : { title, text: SERVICE_ERRORS.serialRequired }],
      ['mono', typeof mono === 'number' ? undefined : { title, text: SERVICE_ERRORS.counter }],
      ['color', color === undefined || typeof color === 'number' ? undefined : { title, text: SERVICE_ERRORS.counter }],
      ['readOn', values.readOn ? undefined : { title, text: SERVICE_ERRORS.readOn }],
      ['name', values.name.trim() ? undefined : { title, text: FIELD_ERRORS.nameRequired }],
      ['email', values.email.trim() ? undefined : { title, text: FIELD_ERRORS.emailRequired }],
      ['email', SPEC_EMAIL.test(values.email.trim()) ? undefined : TOAST.badEmail],
    ];
    const problem = problems.find(([, toast]) => toast);
    if (problem?.[1]) {
      setInvalid(problem[0]);
      fail('validation', problem[1]);
      form.current?.querySelector<HTMLElement>(`[name="${problem[0]}"]`)?.focus();
      return;
    }
    setInvalid(undefined);
    setToast(undefined);
    setQuestion(undefined);
    setBusy(true);
    submission.current ??= newSubmissionId();
    const r = { ...values, mono: mono as number, color: typeof color === 'number' ? color : null, confirm };
    const result = await postJson<{ ok: boolean; serial: string; readOn: string }>(
      `${props.apiBase || scriptOrigin}${METER_PATH}`,
      {
        ...r,
        submissionId: submission.current,
        attribution: attribution(props),
        website: honeypot.current?.value ?? '',
      },
    );
    setBusy(false);
    if (result.kind === 'ok') {
      submission.current = null;
      const pages = (n: number) => n.toLocaleString('pl-PL');
      setDone(
        METER_TEXT.done(
          result.data.serial ?? r.serial,
          pages(r.mono),
          r.color !== null ? pages(r.color) : undefined,
          (result.data.readOn ?? r.readOn).split('-').reverse().join('.'),
        ),
      );
      emit(host(), 'kserowo:lead', { kind: 'meter', serial: result.data.serial ?? r.serial });
    } else if (result.kind === 'server' && result.status === 422 && result.error) {
      setQuestion(result.error);
    } else if (result.kind === 'server') {
      if (result.status === 400) setInvalid('mono');
      fail('server', { title: TOAST.serverError.title, text: result.error ?? TOAST.serverError.text });
    } else {
      fail('network', TOAST.networkError);
    }
  };

  if (done)
    return (
      <div className="k-root sf" part="root" lang="pl">
        <div className="sf-done" part="done">
          <h2 ref={focusTarget as never} tabIndex={-1}>
            {METER_TEXT.doneTitle}
          </h2>
          <p>{done}</p>
          <p className="sf-actions">
            <button
              type="button"
              className="btn ghost"
              onClick={() => {
                setDone(undefined);
                setValues((v) => ({ ...initial(props), serial: v.serial, name: v.name, email: v.email }));
              }}
            >
              {METER_TEXT.again}
            </button>
          </p>
        </div>
      </div>
    );

  const input = (key: keyof Values, extra: Record<string, unknown>) => ({
    id: `${id}-${key}`,
    name: key,
    value: values[key] as string,
    onInput: set(key),
    'aria-invalid': invalid === key || undefined,
    ...extra,
  });

  return (
    <div className="k-root sf" part="root" lang="pl">
      <form
        ref={form}
        className="sf-form"
        part="form"
        noValidate
        onSubmit={(e: Event) => {
          e.preventDefault();
          void send(false);
        }}
        aria-busy={busy}
      >
        <h2 className="sf-wide">{METER_TEXT.title}</h2>
        <Field id={`${id}-serial`} label={METER_TEXT.serial} required hint={METER_TEXT.serialHint} wide>
          <input
            {...input('serial', {
              type: 'text',
              autoComplete: 'off',
              autoCapitalize: 'characters',
              spellCheck: false,
              maxLength: SERVICE_LIMITS.serial,
              'aria-required': true,
              'aria-describedby': `${id}-serial-hint`,
            })}
          />
        </Field>
        <Field id={`${id}-mono`} label={METER_TEXT.mono} required>
          <input
            {...input('mono', {
              type: 'text',
              inputMode: 'numeric',
              autoComplete: 'off',
              maxLength: 12,
              'aria-required': true,
            })}
          />
        </Field>
        <Field id={`${id}-color`} label={METER_TEXT.color} hint={METER_TEXT.colorHint}>
          <input
            {...input('color', {
              type: 'text',
              inputMode: 'numeric',
              autoComplete: 'off',
              maxLength: 12,
              'aria-describedby': `${id}-color-hint`,
            })}
          />
        </Field>
        <Field id={`${id}-readOn`} label={METER_TEXT.readOn} required>
          <input {...input('readOn', { type: 'date', max: warsawToday(), 'aria-required': true })} />
        </Field>
        <Field id={`${id}-note`} label={METER_TEXT.note}>
          <input {...input('note', { type: 'text', autoComplete: 'off', maxLength: SERVICE_LIMITS.note })} />
        </Field>
        <Field id={`${id}-name`} label={METER_TEXT.name} required>
          <input
            {...input('name', { type: 'text', autoComplete: 'name', maxLength: LIMITS.name, 'aria-required': true })}
          />
        </Field>
        <Field id={`${id}-email`} label={METER_TEXT.email} required>
          <input
            {...input('email', {
              type: 'email',
              autoComplete: 'email',
              inputMode: 'email',
              maxLength: LIMITS.email,
              'aria-required': true,
            })}
          />
        </Field>
        <Honeypot id={id} inputRef={honeypot} />
        <PrivacyBlock
          id={id}
          purpose={METER_TEXT.purpose}
          apiBase={props.apiBase}
          consent={values.marketingConsent}
          onConsent={(marketingConsent) => setValues((v) => ({ ...v, marketingConsent }))}
        />
        {question && (
          <div className="sf-confirm sf-wide" role="alert">
            <p ref={focusTarget as never} tabIndex={-1}>
              {question}
            </p>
            <p className="sf-actions">
              <button type="button" className="btn" disabled={busy} onClick={() => void send(true)}>
                {METER_TEXT.confirm}
              </button>
              <button
                type="button"
                className="btn ghost"
                onClick={() => {
                  setQuestion(undefined);
                  form.current?.querySelector<HTMLElement>('[name="mono"]')?.focus();
                }}
              >
                {METER_TEXT.fix}
              </button>
            </p>
          </div>
        )}
        <p className="sf-wide">
          <button type="submit" className="btn" part="submit" disabled={busy}>
            {busy && <span className="sf-spinner" aria-hidden="true" />}
            {busy ? KIT_TEXT.sending : METER_TEXT.submit}
          </button>
        </p>
      </form>
      <ErrorToast toast={toast} onClose={() => setToast(undefined)} />
    </div>
  );
}
