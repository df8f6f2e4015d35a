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
import { useEffect, useRef, useState } from 'react';
import type { WidgetHostProps } from '../core/define.ts';
import { TOAST } from '../core/errors.ts';
import { emit } from '../core/events.ts';
import { WidgetBoundary } from '../core/Fallback.tsx';
import { SERVICE_ERRORS, SERVICE_LIMITS, warsawToday } from '../core/service-fields.ts';
import {
  DoneFrame,
  EMAIL_INPUT,
  Field,
  FormFrame,
  KIT_TEXT,
  NAME_INPUT,
  SERIAL_INPUT,
  serialFromUrl,
  useServiceForm,
} from '../core/service-form.tsx';
import { LIMITS } from '../core/limits.ts';
import { FIELD_ERRORS, SPEC_EMAIL, type Toast } from '../core/validation.ts';
import type { CommonProps } from '../core/widget-props.ts';

export interface MeterProps extends WidgetHostProps, CommonProps {
  name?: string;
  email?: string;
  serial?: string;
}

export const METER_TEXT = {
  fallback: 'Formularz odczytu licznika chwilowo niedostępny',
  title: 'Podaj stan licznika',
  serial: 'Numer seryjny urządzenia',
  mono: 'Licznik czarno-biały (mono)',
  color: 'Licznik kolorowy',
  colorHint: 'Tylko dla urządzeń kolorowych.',
  readOn: 'Data odczytu',
  note: 'Uwagi',
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
  const [question, setQuestion] = useState<string | undefined>();
  const kit = useServiceForm(
    props,
    () => initial(props),
    () => setQuestion(undefined),
  );
  const { id, input, values } = kit;
  const [done, setDone] = useState<string | undefined>();
  const questionText = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (question) questionText.current?.focus();
  }, [question]);

  const send = async (confirm: boolean) => {
    if (kit.busy) return;
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
    if (problem?.[1]) return kit.reject(problem[0], problem[1]);
    setQuestion(undefined);
    const r = { ...values, mono: mono as number, color: typeof color === 'number' ? color : null, confirm };
    const result = await kit.send<{ ok: boolean; serial: string; readOn: string }>(METER_PATH, r);
    if (result.kind === 'ok') {
      const pages = (n: number) => n.toLocaleString('pl-PL');
      setDone(
        METER_TEXT.done(
          result.data.serial ?? r.serial,
          pages(r.mono),
          r.color !== null ? pages(r.color) : undefined,
          (result.data.readOn ?? r.readOn).split('-').reverse().join('.'),
        ),
      );
      emit(kit.host(), 'kserowo:lead', { kind: 'meter', serial: result.data.serial ?? r.serial });
    } else if (result.kind === 'server' && result.status === 422 && result.error) {
      setQuestion(result.error);
    } else {
      if (result.kind === 'server' && result.status === 400) kit.setInvalid('mono');
      kit.failed(result);
    }
  };

  if (done)
    return (
      <DoneFrame title={METER_TEXT.doneTitle}>
        <p>{done}</p>
        <p className="sf-actions">
          <button
            type="button"
            className="btn ghost"
            onClick={() => {
              setDone(undefined);
              kit.setValues((v) => ({ ...initial(props), serial: v.serial, name: v.name, email: v.email }));
            }}
          >
            {METER_TEXT.again}
          </button>
        </p>
      </DoneFrame>
    );

  const counterInput = {
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: LIMITS.numberText,
  } as const;
  return (
    <FormFrame
      kit={kit}
      apiBase={props.apiBase}
      title={METER_TEXT.title}
      purpose={METER_TEXT.purpose}
      submit={METER_TEXT.submit}
      onSubmit={() => void send(false)}
      after={
        question && (
          <div className="sf-confirm sf-wide" role="alert">
            <p ref={questionText} tabIndex={-1}>
              {question}
            </p>
            <p className="sf-actions">
              <button type="button" className="btn" disabled={kit.busy} onClick={() => void send(true)}>
                {METER_TEXT.confirm}
              </button>
              <button
                type="button"
                className="btn ghost"
                onClick={() => {
                  setQuestion(undefined);
                  kit.focus('mono');
                }}
              >
                {METER_TEXT.fix}
              </button>
            </p>
          </div>
        )
      }
    >
      <Field id={`${id}-serial`} label={METER_TEXT.serial} required hint={KIT_TEXT.serialHint} wide>
        <input
          {...input('serial', { ...SERIAL_INPUT, 'aria-required': true, 'aria-describedby': `${id}-serial-hint` })}
        />
      </Field>
      <Field id={`${id}-mono`} label={METER_TEXT.mono} required>
        <input {...input('mono', { ...counterInput, 'aria-required': true })} />
      </Field>
      <Field id={`${id}-color`} label={METER_TEXT.color} hint={METER_TEXT.colorHint}>
        <input {...input('color', { ...counterInput, 'aria-describedby': `${id}-color-hint` })} />
      </Field>
      <Field id={`${id}-readOn`} label={METER_TEXT.readOn} required>
        <input {...input('readOn', { type: 'date', max: warsawToday(), 'aria-required': true })} />
      </Field>
      <Field id={`${id}-note`} label={METER_TEXT.note}>
        <input {...input('note', { type: 'text', autoComplete: 'off', maxLength: SERVICE_LIMITS.note })} />
      </Field>
      <Field id={`${id}-name`} label={KIT_TEXT.name} required>
        <input {...input('name', NAME_INPUT)} />
      </Field>
      <Field id={`${id}-email`} label={KIT_TEXT.email} required>
        <input {...input('email', EMAIL_INPUT)} />
      </Field>
    </FormFrame>
  );
}
