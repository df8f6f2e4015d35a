/**
 * Pieces both service forms share (`<kserowo-service>`, `<kserowo-meter>`): a labelled
 * field in the same shadow tree as its input, the error toast (a live region that exists
 * before it is filled), the privacy clause with the marketing consent, and the honeypot;
 * their CSS is `serviceFormCss`.
 */
import type { ReactNode } from 'react';
import { PrivacyFields } from './privacy-clause.tsx';
import type { Toast } from './validation.ts';

export const KIT_TEXT = {
  optional: '(opcjonalnie)',
  required: '(wymagane)',
  close: 'Zamknij powiadomienie',
  honeypot: 'Nie wypełniaj tego pola',
  sending: 'Wysyłanie...',
} as const;

export function Field({
  id,
  label,
  required,
  hint,
  wide,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`sf-field${wide ? ' sf-wide' : ''}`}>
      <label htmlFor={id}>
        {label} <span className="sf-hint">{required ? KIT_TEXT.required : KIT_TEXT.optional}</span>
      </label>
      {children}
      {hint && (
        <span className="sf-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}

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
  id: string;
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
