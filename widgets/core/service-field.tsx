/**
 * A labelled field of the service forms, in the same shadow tree as its input, with the
 * message of a refused field right under it (the form's `Refused` context says which).
 */
import { createContext, type ReactNode, useContext } from 'react';

export const KIT_TEXT = {
  optional: '(opcjonalnie)',
  required: '(wymagane)',
  close: 'Zamknij powiadomienie',
  honeypot: 'Nie wypełniaj tego pola',
  sending: 'Wysyłanie...',
  serialHint: 'Na naklejce z tyłu urządzenia lub w menu: Licznik / Informacje o urządzeniu.',
  name: 'Imię i nazwisko',
  email: 'E-mail',
} as const;

/** The refused field of the form (its input's id) and the message shown under it. */
export const Refused = createContext<{ id?: string; text?: string }>({});

export function Field({
  id,
  label,
  required,
  need,
  hint,
  wide,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  /** What to say instead of '(wymagane)' / '(opcjonalnie)' (e.g. one of two fields is needed). */
  need?: string;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const refused = useContext(Refused);
  return (
    <div className={`sf-field${wide ? ' sf-wide' : ''}`}>
      <label htmlFor={id}>
        {label} <span className="sf-hint">{need ?? (required ? KIT_TEXT.required : KIT_TEXT.optional)}</span>
      </label>
      {children}
      {hint && (
        <span className="sf-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {refused.id === id && (
        // Next to the field, until the field is edited (the toast may have gone by then).
        <p className="sf-field-error" id={`${id}-error`}>
          {refused.text}
        </p>
      )}
    </div>
  );
}
