/**
 * `<kserowo-meter>`: 'Podaj stan licznika' for existing customers (DESIGN §7, §8).
 *
 * Attributes: `api-base`, `partner`, `utm-*`, prefill `name`, `email`, `t` (the device's
 * reading-link token, also read from the page's `?t=`, the link of the monthly reminder).
 * `serial` is still accepted and ignored: a serial number alone never sends a reading.
 * Events: `kserowo:lead` {kind: 'meter', serial}; `kserowo:error` {kind, message}.
 *
 * Only the link's holder sends a reading: with a token the form asks the server which
 * device it is (model, serial, the last reading, mono or colour) and shows the colour
 * counter only for a colour device; without one it explains where the link comes from.
 * Shadow DOM with labels and inputs in the same tree and `autocomplete` tokens (as the
 * configurator). The server refuses a reading that breaks the counter's rules (its Polish
 * message is shown) and asks to confirm an implausible reading, over 3× the usual month
 * (422 with `confirm: true`): the form then shows the question and re-sends with
 * `confirm: true` under the same submission id; a confirmed one is held for the team, and
 * the thanks add the server's `message` saying so. Typed values stay on every failure.
 */
import { useEffect, useRef, useState } from 'react';
import type { WidgetHostProps } from '../core/define.ts';
import { TOAST } from '../core/errors.ts';
import { emit } from '../core/events.ts';
import { WidgetBoundary } from '../core/Fallback.tsx';
import { SERVICE_ERRORS, SERVICE_LIMITS } from '../core/service-fields.ts';
import { warsawToday } from '../core/warsaw-time.ts';
import { scriptOrigin } from '../core/catalogue-source.ts';
import { FALLBACK } from '../core/texts.ts';
import {
  DoneFrame,
  EMAIL_INPUT,
  Field,
  FormFrame,
  KIT_TEXT,
  NAME_INPUT,
  useServiceForm,
} from '../core/service-form.tsx';
import { SERVICE_LIMITS as LIMITS_OF_SERVICE } from '../core/service-fields.ts';
import { LIMITS } from '../core/limits.ts';
import { FIELD_ERRORS, SPEC_EMAIL, type Toast } from '../core/validation.ts';
import type { CommonProps } from '../core/widget-props.ts';
import { METER_PATH, METER_TEXT, type MeterDevice } from './copy.ts';
import { dateText } from '../core/dates.ts';
import { formatNumber } from '../core/format.ts';

export { METER_PATH, METER_TEXT } from './copy.ts';

export interface MeterProps extends WidgetHostProps, CommonProps {
  name?: string;
  email?: string;
  /** Accepted for old embeds and ignored: a serial alone never sends a reading. */
  serial?: string;
  /** The device's reading-link token (else the page's `?t=`). */
  t?: string;
}

interface Values {
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

/** The reading link's token: the attribute, else the page's `?t=`. */
const tokenOf = (props: MeterProps): string => {
  if (props.t) return props.t.slice(0, LIMITS_OF_SERVICE.readingToken);
  try {
    return new URLSearchParams(location.search).get('t')?.slice(0, LIMITS_OF_SERVICE.readingToken) ?? '';
  } catch {
    return '';
  }
};

export function Meter(props: MeterProps) {
  return (
    <WidgetBoundary title={METER_TEXT.fallback} container={props.container}>
      <MeterGate {...props} />
    </WidgetBoundary>
  );
}

/** Which device the link is for; without a link, where to get one. */
function MeterGate(props: MeterProps) {
  const token = tokenOf(props);
  const [device, setDevice] = useState<MeterDevice | 'missing' | 'failed' | undefined>();
  useEffect(() => {
    if (!token) return;
    let live = true;
    fetch(`${props.apiBase || scriptOrigin}/api/meter-readings/device?t=${encodeURIComponent(token)}`)
      .then(async (res) => {
        if (!live) return;
        if (res.ok) setDevice((await res.json()) as MeterDevice);
        else setDevice(res.status === 404 ? 'missing' : 'failed');
      })
      .catch(() => live && setDevice('failed'));
    return () => {
      live = false;
    };
  }, [token, props.apiBase]);
  if (!token || device === 'missing')
    return (
      <div className="k-root sf" part="root" lang="pl" dir="ltr">
        <div className="sf-form" part="form">
          <h2 className="sf-wide">{METER_TEXT.noLinkTitle}</h2>
          <p className="sf-wide">{token ? METER_TEXT.badLink : METER_TEXT.noLink}</p>
          <p className="sf-wide sf-hint">{METER_TEXT.noLinkHelp}</p>
        </div>
      </div>
    );
  if (device === 'failed') throw new Error('meter: the device of the link could not be loaded');
  if (!device)
    return (
      <p className="loading sf-hold" role="status">
        {FALLBACK.loading}
      </p>
    );
  return <MeterForm {...props} token={token} device={device} />;
}

function initial(props: MeterProps): Values {
  return {
    mono: '',
    color: '',
    readOn: warsawToday(),
    note: '',
    name: props.name ?? '',
    email: props.email ?? '',
    marketingConsent: false,
  };
}

export function MeterForm(props: MeterProps & { token: string; device: MeterDevice }) {
  const { device } = props;
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
      ['mono', typeof mono === 'number' ? undefined : { title, text: SERVICE_ERRORS.counter }],
      [
        'color',
        device.type === 'mono' || typeof color === 'number' ? undefined : { title, text: SERVICE_ERRORS.counter },
      ],
      ['readOn', values.readOn ? undefined : { title, text: SERVICE_ERRORS.readOn }],
      ['name', values.name.trim() ? undefined : { title, text: FIELD_ERRORS.nameRequired }],
      ['email', values.email.trim() ? undefined : { title, text: FIELD_ERRORS.emailRequired }],
      ['email', SPEC_EMAIL.test(values.email.trim()) ? undefined : TOAST.badEmail],
    ];
    const problem = problems.find(([, toast]) => toast);
    if (problem?.[1]) return kit.reject(problem[0], problem[1]);
    setQuestion(undefined);
    const r = {
      ...values,
      t: props.token,
      mono: mono as number,
      color: device.type === 'color' && typeof color === 'number' ? color : null,
      confirm,
    };
    const result = await kit.send<{ ok: boolean; serial: string; readOn: string; message?: string }>(METER_PATH, r);
    if (result.kind === 'ok') {
      // A confirmed implausible reading is held for the team: the server's `message` says so.
      setDone(
        `${METER_TEXT.done(
          result.data.serial ?? device.serial,
          formatNumber(r.mono),
          r.color !== null ? formatNumber(r.color) : undefined,
          dateText(result.data.readOn ?? r.readOn),
        )}${result.data.message ? ` ${result.data.message}` : ''}`,
      );
      emit(kit.host(), 'kserowo:lead', { kind: 'meter', serial: result.data.serial ?? device.serial });
    } else if (result.kind === 'server' && result.status === 422 && result.error) {
      setQuestion(result.error);
    } else kit.failed(result);
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
              kit.setValues((v) => ({ ...initial(props), name: v.name, email: v.email }));
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
      <div className="sf-wide sf-device">
        <p>
          <strong>{METER_TEXT.device(device)}</strong>
        </p>
        {device.last && <p className="sf-hint">{METER_TEXT.last(device.last)}</p>}
        <p className="sf-hint">{device.pageCounting}</p>
      </div>
      <Field id={`${id}-mono`} label={METER_TEXT.mono} required>
        <input {...input('mono', { ...counterInput, 'aria-required': true })} />
      </Field>
      {device.type === 'color' && (
        <Field id={`${id}-color`} label={METER_TEXT.color} required>
          <input {...input('color', { ...counterInput, 'aria-required': true })} />
        </Field>
      )}
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
