/**
 * `<kserowo-contact>`: the quick contact form (spec §2 item 15, §3, §4, §5, §8; DESIGN §2, §4).
 *
 * Attributes, events and custom properties: ./contract.ts (the one declaration).
 *
 * Shadow DOM (open), as the configurator: host CSS of any kind (universal `!important`
 * rules, element rules, rules aimed at our class names) cannot reach the form.
 * Labels and inputs share the shadow tree and carry `autocomplete` tokens, which is what
 * browsers need to autofill inside an open shadow root; the root says `lang="pl"`.
 *
 * States: idle → submitting (button disabled with a spinner, a second submit ignored) →
 * success (fields cleared, toast for 5 s) or error (toast; every typed value stays).
 * Toasts are live regions that exist before they are filled (success in role=status,
 * errors in role=alert) and sit in the flow below the submit button, so they can never
 * cover it or a field at any width. An error toast closes when the visitor edits the
 * field it is about (any field for a sending error) or after ERROR_TOAST_MS.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { LEAD_VALUE, pixel, track } from '../core/analytics.ts';
import { type SendResult, newSubmissionId, postJson } from '../core/api.ts';
import { attribution, rememberFirstVisit } from '../core/attribution.ts';
import { scriptOrigin } from '../core/catalogue-source.ts';
import type { WidgetHostProps } from '../core/define.ts';
import { SUCCESS_TOAST_MS, TOAST } from '../core/errors.ts';
import { emit, hostOf } from '../core/events.ts';
import { WidgetBoundary } from '../core/Fallback.tsx';
import { type ContactFormValues, LIMITS, type Toast, checkContactForm } from '../core/validation.ts';
import type { CommonProps } from '../core/widget-props.ts';
import { type PrefillProps, usePrefill, withPrefill } from '../core/prefill.ts';
import { PrivacyFields } from '../core/privacy-clause.tsx';
import { focusField } from '../core/field-focus.ts';

export interface ContactProps extends WidgetHostProps, CommonProps, Pick<PrefillProps, 'name' | 'email' | 'phone'> {}

/** The fields a host may prefill (attributes `name`, `email`, `phone`). */
const PREFILLED = ['name', 'email', 'phone'] as const;

/** The form's own words (labels and button); the spec's texts are in core/errors.ts. */
export const CONTACT_TEXT = {
  name: 'Imię i nazwisko',
  email: 'Email',
  phone: 'Telefon',
  message: 'Wiadomość',
  optional: '(opcjonalnie)',
  required: '(wymagane)',
  submit: 'Wyślij wiadomość',
  sending: 'Wysyłanie...',
  close: 'Zamknij powiadomienie',
  honeypot: 'Nie wypełniaj tego pola',
  /** The purpose in the privacy clause (widgets/core/privacy.ts): „Przetwarzamy je, aby …”. */
  purpose: 'odpowiedzieć na Twoją wiadomość',
} as const;

export const CONTACT_PATH = '/api/send-contact-email';

/** An error toast closes by itself after this long (the success toast: SUCCESS_TOAST_MS). */
export const ERROR_TOAST_MS = 8000;

const EMPTY: ContactFormValues = { name: '', email: '', phone: '', message: '' };

/** A shown toast; `field` is the field an error is about (none for a sending error). */
type Shown = Toast & { kind: 'success' | 'error'; field?: keyof ContactFormValues };

export function Contact(props: ContactProps) {
  return (
    <WidgetBoundary container={props.container}>
      <ContactForm {...props} />
    </WidgetBoundary>
  );
}

function ContactForm(props: ContactProps) {
  const id = useId();
  const [values, setValues] = useState(() => withPrefill(EMPTY, props, PREFILLED));
  usePrefill(props, PREFILLED, setValues);
  // The optional marketing consent: never ticked in advance, kept when sending fails.
  const [consent, setConsent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [toast, setToast] = useState<Shown | null>(null);
  const [invalid, setInvalid] = useState<keyof ContactFormValues | null>(null);
  // The text of the refused field's message (the toast's text), shown under it.
  const fieldErrors = useRef<Partial<Record<keyof ContactFormValues, string>>>({});
  // One id per form fill: a retry after an error reuses it, so the server stores one lead.
  const submission = useRef<string | null>(null);
  const busy = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  useEffect(rememberFirstVisit, []);
  const toasts = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!toast) return undefined;
    // In the page's flow under the button: brought into view, clear of a fixed cookie banner
    // (the host's scroll-padding-bottom), without moving it when it is already in view. Not for
    // a refused field: its own message under it is in view, and this would scroll it away.
    if (!toast.field) toasts.current?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    const timer = setTimeout(() => setToast(null), toast.kind === 'success' ? SUCCESS_TOAST_MS : ERROR_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const host = () => hostOf(props.container);
  const fail = (kind: 'validation' | 'server' | 'network', shown: Toast, field?: keyof ContactFormValues) => {
    setToast({ ...shown, kind: 'error', ...(field ? { field } : {}) });
    emit(host(), 'kserowo:error', { kind, message: shown.text });
  };

  /** A refused field: marked, its message under it, focused, the toast naming it. */
  const refuse = (key: keyof ContactFormValues, shown: Toast, kind: 'validation' | 'server') => {
    fieldErrors.current[key] = shown.text;
    setInvalid(key);
    fail(kind, shown, key);
    focusField(form.current?.querySelector<HTMLElement>(`[name="${key}"]`));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy.current) return;
    const checked = checkContactForm(values);
    if (!checked.ok) return refuse(checked.field, checked.toast, 'validation');
    setInvalid(null);
    busy.current = true;
    setSubmitting(true);
    setToast(null);
    let result: SendResult<{ ok: boolean; id: string }>;
    try {
      submission.current ??= newSubmissionId();
      const { name, email, phone, message } = checked.data;
      result = await postJson<{ ok: boolean; id: string }>(`${props.apiBase || scriptOrigin}${CONTACT_PATH}`, {
        name,
        email,
        ...(phone ? { phone } : {}),
        ...(message ? { message } : {}),
        // Sent only when given (JSON leaves `undefined` out): the server stores false otherwise.
        marketingConsent: consent || undefined,
        submissionId: submission.current,
        attribution: attribution(props),
        website: honeypot.current?.value ?? '',
      });
    } catch {
      // Whatever failed before or around the request: the spec's error toast, and
      // what was typed stays; never 'Wysyłanie...' for ever.
      result = { kind: 'server', status: 0 };
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
    // A used id with another body (DESIGN §7): the next try is a new submission.
    if (result.kind === 'server' && result.status === 409) submission.current = null;
    if (result.kind === 'ok') {
      setValues(withPrefill(EMPTY, props, PREFILLED));
      setConsent(false);
      submission.current = null;
      setToast({ ...TOAST.success, kind: 'success' });
      emit(host(), 'kserowo:lead', { kind: 'contact', value: LEAD_VALUE, currency: 'PLN' });
      track({
        event: 'generate_lead',
        event_category: 'lead',
        event_action: 'contact_form',
        event_label: 'contact',
        value: LEAD_VALUE,
        currency: 'PLN',
      });
      pixel('track', 'Lead', { value: LEAD_VALUE, currency: 'PLN' });
      pixel('track', 'Contact');
    } else if (result.kind === 'server') {
      const shown = { title: TOAST.serverError.title, text: result.error ?? TOAST.serverError.text };
      // A refusal of one field of the form (the server names it) is shown at that field.
      const key = result.field as keyof ContactFormValues | undefined;
      if (key && key in EMPTY) refuse(key, shown, 'server');
      else fail('server', shown);
    } else {
      fail('network', TOAST.networkError);
    }
  };

  const field = (key: keyof ContactFormValues, label: string, input: Record<string, unknown>, required = false) => {
    const fieldId = `${id}-${key}`;
    const Tag = key === 'message' ? 'textarea' : 'input';
    return (
      <div className={`kc-field kc-${key}`} part="field">
        <label htmlFor={fieldId}>
          {label} <span className="kc-hint">{required ? CONTACT_TEXT.required : CONTACT_TEXT.optional}</span>
        </label>
        <Tag
          id={fieldId}
          name={key}
          value={values[key]}
          aria-required={required || undefined}
          aria-invalid={invalid === key || undefined}
          aria-describedby={invalid === key ? `${fieldId}-error` : undefined}
          onInput={(e: Event) => {
            const value = (e.currentTarget as HTMLInputElement).value;
            setValues((v) => ({ ...v, [key]: value }));
            if (invalid === key) setInvalid(null);
            // The visitor is correcting what the error toast is about: it has said its piece.
            setToast((t) => (t?.kind === 'error' && (t.field === undefined || t.field === key) ? null : t));
          }}
          {...input}
        />
        {invalid === key && (
          // Stays until the field is edited, after the toast has gone.
          <p className="kc-field-error" id={`${fieldId}-error`}>
            {fieldErrors.current[key]}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="k-root kc" part="root" lang="pl" dir="ltr">
      <form ref={form} className="kc-form" part="form" noValidate onSubmit={submit as never} aria-busy={submitting}>
        {field('name', CONTACT_TEXT.name, { type: 'text', autoComplete: 'name', maxLength: LIMITS.name }, true)}
        {field(
          'email',
          CONTACT_TEXT.email,
          { type: 'email', autoComplete: 'email', maxLength: LIMITS.email, inputMode: 'email' },
          true,
        )}
        {field('phone', CONTACT_TEXT.phone, {
          type: 'tel',
          autoComplete: 'tel',
          maxLength: LIMITS.phone,
          inputMode: 'tel',
        })}
        {field('message', CONTACT_TEXT.message, { rows: 4, maxLength: LIMITS.message })}
        {/* The honeypot: off-screen, out of the tab order and of the accessibility tree. */}
        <div className="kc-trap" aria-hidden="true">
          <label htmlFor={`${id}-website`}>{CONTACT_TEXT.honeypot}</label>
          <input ref={honeypot} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <PrivacyFields
          prefix="kc-"
          purpose={CONTACT_TEXT.purpose}
          apiBase={props.apiBase}
          consent={consent}
          onConsent={setConsent}
        />
        <button type="submit" className="btn kc-submit" part="submit" disabled={submitting}>
          {submitting && <span className="kc-spinner" aria-hidden="true" />}
          {submitting ? CONTACT_TEXT.sending : CONTACT_TEXT.submit}
        </button>
      </form>
      <div className="kc-toasts" ref={toasts}>
        <div role="status" aria-live="polite" aria-atomic="true">
          {toast?.kind === 'success' && <ToastView toast={toast} onClose={() => setToast(null)} />}
        </div>
        <div role="alert" aria-live="assertive" aria-atomic="true">
          {toast?.kind === 'error' && <ToastView toast={toast} onClose={() => setToast(null)} />}
        </div>
      </div>
    </div>
  );
}

function ToastView({ toast, onClose }: { toast: Shown; onClose: () => void }) {
  return (
    <div className={`kc-toast kc-${toast.kind}`} part="toast">
      <p className="kc-title">{toast.title}</p>
      <p>{toast.text}</p>
      <button type="button" className="kc-close" aria-label={CONTACT_TEXT.close} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
