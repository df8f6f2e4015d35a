/**
 * Pieces both service forms share (`<kserowo-service>`, `<kserowo-meter>`): the form's
 * state and sending (`useServiceForm`: typed values, the invalid field, the toast, one
 * submission id reused until it succeeds), the frame of the form and of its thank-you,
 * a labelled field in the same shadow tree as its input, the error toast (a live region
 * that exists before it is filled), the privacy clause with the marketing consent, and the
 * honeypot; their CSS is `serviceFormCss`.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { KIT_TEXT, Refused } from './service-field.tsx';
import { focusField, focusResult } from './field-focus.ts';
import { newSubmissionId, postJson, type SendResult } from './api.ts';
import { attribution, rememberFirstVisit } from './attribution.ts';
import { scriptOrigin } from './catalogue-source.ts';
import type { WidgetHostProps } from './define.ts';
import { TOAST } from './errors.ts';
import { emit, hostOf } from './events.ts';
import { PrivacyFields } from './privacy-clause.tsx';
import { SERVICE_LIMITS } from './service-fields.ts';
import { LIMITS, type Toast } from './validation.ts';
import type { CommonProps } from './widget-props.ts';

export { Field, KIT_TEXT } from './service-field.tsx';

export function ErrorToast({ toast, onClose }: { toast: Toast | undefined; onClose: () => void }) {
  return (
    <div role="alert" aria-live="assertive" aria-atomic="true">
      {toast && (
        <div className="sf-toast">
          <strong>{toast.title}</strong>
          <p>{toast.text}</p>
          <button type="button" className="sf-close" aria-label={KIT_TEXT.close} onClick={onClose}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}

/** The consent and the clause; `id` is the form's (kept for the callers, the label wraps its checkbox). */
export function PrivacyBlock({
  purpose,
  apiBase,
  consent,
  onConsent,
}: {
  purpose: string;
  apiBase: string | undefined;
  consent: boolean;
  onConsent: (value: boolean) => void;
}) {
  return (
    <div className="sf-wide sf-field">
      <PrivacyFields prefix="sf-" purpose={purpose} apiBase={apiBase} consent={consent} onConsent={onConsent} />
    </div>
  );
}

/** The honeypot: off-screen, out of the tab order and of the accessibility tree. */
export function Honeypot({ id, inputRef }: { id: string; inputRef: { current: HTMLInputElement | null } }) {
  return (
    <div className="sf-trap" aria-hidden="true">
      <label htmlFor={`${id}-website`}>{KIT_TEXT.honeypot}</label>
      <input ref={inputRef} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** The page's `?serial=` (the link of a reminder or a sticker), cut to the field's limit. */
export const serialFromUrl = (): string => {
  try {
    return new URLSearchParams(location.search).get('serial')?.slice(0, SERVICE_LIMITS.serial) ?? '';
  } catch {
    return '';
  }
};

/** The inputs both forms ask the same way: the device's serial number, the name and the e-mail. */
export const SERIAL_INPUT = {
  type: 'text',
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  maxLength: SERVICE_LIMITS.serial,
} as const;
export const NAME_INPUT = {
  type: 'text',
  autoComplete: 'name',
  maxLength: LIMITS.name,
  'aria-required': true,
} as const;
export const EMAIL_INPUT = {
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  maxLength: LIMITS.email,
  'aria-required': true,
} as const;

type FormValues = { marketingConsent: boolean };
type FormProps = WidgetHostProps & CommonProps;

/**
 * A service form's state and sending. `onEdit` runs on every typed change (the meter
 * drops its question then). `send` posts the values with the submission id, attribution
 * and honeypot, and keeps the id for a retry until an answer is `ok`; `failed` shows
 * the toast of a server refusal or a network failure.
 */
export function useServiceForm<V extends FormValues>(props: FormProps, initial: () => V, onEdit?: () => void) {
  const id = useId();
  const [values, setValues] = useState<V>(initial);
  const [invalid, setInvalid] = useState<keyof V | undefined>();
  const [invalidText, setInvalidText] = useState<string>();
  const [toast, setToast] = useState<Toast | undefined>();
  const [busy, setBusy] = useState(false);
  const submission = useRef<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(rememberFirstVisit, []);

  const host = () => hostOf(props.container);
  const fail = (kind: 'validation' | 'server' | 'network', shown: Toast) => {
    setToast(shown);
    emit(host(), 'kserowo:error', { kind, message: shown.text });
  };
  const focus = (key: keyof V) => focusField(form.current?.querySelector<HTMLElement>(`[name="${String(key)}"]`));
  /** The field is marked with the message under it and focused, the toast shown. */
  const mark = (key: keyof V, shown: Toast, kind: 'validation' | 'server') => {
    setInvalid(key);
    setInvalidText(shown.text);
    fail(kind, shown);
    focus(key);
  };
  const set = (key: keyof V) => (e: Event) => {
    const value = (e.currentTarget as HTMLInputElement).value;
    setValues((v) => ({ ...v, [key]: value }));
    // The refused field is being fixed: its message and the toast about it have said their piece.
    if (invalid === key) {
      setInvalid(undefined);
      setToast(undefined);
    }
    onEdit?.();
  };
  return {
    id,
    values,
    setValues,
    toast,
    setToast,
    busy,
    honeypot,
    form,
    host,
    fail,
    focus,
    set,
    setInvalid,
    /** The refused field's input id and message, for `Field`. */
    refused: { id: invalid === undefined ? undefined : `${id}-${String(invalid)}`, text: invalidText },
    /** The props of a field's input: id, name, value, change handler and `aria-invalid`. */
    input: (key: keyof V & string, extra: Record<string, unknown>) => ({
      id: `${id}-${key}`,
      name: key,
      value: values[key] as string,
      onInput: set(key),
      'aria-invalid': invalid === key || undefined,
      ...extra,
      ...(invalid === key
        ? { 'aria-describedby': [extra['aria-describedby'], `${id}-${key}-error`].filter(Boolean).join(' ') }
        : {}),
    }),
    /** A rule checked in the browser failed: the field is marked and focused, the toast shown. */
    reject: (key: keyof V, shown: Toast) => mark(key, shown, 'validation'),
    send: async <T,>(path: string, body: object): Promise<SendResult<T>> => {
      setInvalid(undefined);
      setToast(undefined);
      setBusy(true);
      submission.current ??= newSubmissionId();
      const result = await postJson<T>(`${props.apiBase || scriptOrigin}${path}`, {
        ...body,
        submissionId: submission.current,
        attribution: attribution(props),
        website: honeypot.current?.value ?? '',
      });
      setBusy(false);
      if (result.kind === 'ok') submission.current = null;
      return result;
    },
    /** The toast of a failure; a server refusal that names a field of this form marks that field as `reject` does. */
    failed: (result: Exclude<SendResult<unknown>, { kind: 'ok' }>) => {
      if (result.kind !== 'server') return fail('network', TOAST.networkError);
      const shown = { title: TOAST.serverError.title, text: result.error ?? TOAST.serverError.text };
      const key = result.field as keyof V | undefined;
      // Only a field the visitor can see and fix: one of the form's values with its input shown.
      if (key && key in values && form.current?.elements.namedItem(key as string)) mark(key, shown, 'server');
      else fail('server', shown);
    },
  };
}

export type ServiceFormKit<V extends FormValues> = ReturnType<typeof useServiceForm<V>>;

/** The form: its heading, the fields, the honeypot, the privacy block, what comes after it, the submit button and the toast. */
export function FormFrame<V extends FormValues>({
  kit,
  apiBase,
  title,
  purpose,
  submit,
  onSubmit,
  after,
  children,
}: {
  kit: ServiceFormKit<V>;
  apiBase: string | undefined;
  title: string;
  purpose: string;
  submit: string;
  onSubmit: () => void;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="k-root sf" part="root" lang="pl" dir="ltr">
      <form
        ref={kit.form}
        className="sf-form"
        part="form"
        noValidate
        onSubmit={(e: Event) => {
          e.preventDefault();
          onSubmit();
        }}
        aria-busy={kit.busy}
      >
        <h2 className="sf-wide">{title}</h2>
        <Refused.Provider value={kit.refused}>{children}</Refused.Provider>
        <Honeypot id={kit.id} inputRef={kit.honeypot} />
        <PrivacyBlock
          purpose={purpose}
          apiBase={apiBase}
          consent={kit.values.marketingConsent}
          onConsent={(marketingConsent) => kit.setValues((v) => ({ ...v, marketingConsent }))}
        />
        {after}
        <p className="sf-wide">
          <button type="submit" className="btn" part="submit" disabled={kit.busy}>
            {kit.busy && <span className="sf-spinner" aria-hidden="true" />}
            {kit.busy ? KIT_TEXT.sending : submit}
          </button>
        </p>
      </form>
      <ErrorToast toast={kit.toast} onClose={() => kit.setToast(undefined)} />
    </div>
  );
}

/** The thank-you that replaces the form: a heading that takes the focus, then `children`. */
export function DoneFrame({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusResult(heading.current), []);
  return (
    <div className="k-root sf" part="root" lang="pl" dir="ltr">
      <div className="sf-done" part="done">
        <h2 ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
