/**
 * The panel's form pieces, the pattern every view repeats: a field (its label's text, a grey
 * hint, the input inside the label, so the text is the input's accessible name), a choice of
 * `[value, text]` options, a checkbox, and the form of the `filters` look (fields in a grid,
 * its buttons in a row under them) with the state of a list's filter (what is typed, what is
 * applied). Every other prop goes to the input, select or form itself (name, type, required,
 * maxLength, aria-*), so a view writes only what differs.
 */
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useState } from 'react';

interface Labelled {
  /** The label's text: the control's accessible name. */
  label: ReactNode;
  /** Grey text after the label's (a format, 'opcjonalnie'), part of the name as before. */
  hint?: ReactNode;
  /** The label's class: `inline` (a choice above a list), `check` (a checkbox). */
  className?: string;
}

type Own<T, K extends string> = Omit<T, K | keyof Labelled | 'class'>;

/** What a field passes to its input. */
export type InputProps = Own<InputHTMLAttributes<HTMLInputElement>, 'onInput'>;

/** The hint after the label's text, one space apart. */
const hinted = (label: ReactNode, hint: ReactNode) => (
  <>
    {label}
    {hint !== undefined && (
      <>
        {' '}
        <span className="hint">{hint}</span>
      </>
    )}
  </>
);

/**
 * A labelled input; `onValue` gets what is typed (none: a field read from the form's data).
 * `invalid` marks it for screen readers (`aria-invalid`); say why with `aria-describedby`.
 */
export function Field({
  label,
  hint,
  className,
  onValue,
  invalid,
  ...input
}: Labelled & { onValue?: (value: string) => void; invalid?: boolean } & InputProps) {
  return (
    <label className={className}>
      {hinted(label, hint)}
      <input
        {...input}
        aria-invalid={invalid || undefined}
        onInput={onValue && ((e) => onValue((e.target as HTMLInputElement).value))}
      />
    </label>
  );
}

/** What a choice offers: `[value, text]`, in order ('' first for 'Wszystkie'). */
export type Options = readonly (readonly [value: string, text: string])[];

/**
 * A labelled select of `options`. Controlled by `value` and `onValue`; or, in a form read from
 * its data, `selected` is the option it starts on (and comes back to when the form is reset).
 */
export function SelectField({
  label,
  hint,
  className,
  options,
  onValue,
  selected,
  ...select
}: Labelled & { options: Options; onValue?: (value: string) => void; selected?: string } & Own<
    SelectHTMLAttributes<HTMLSelectElement>,
    'onChange'
  >) {
  return (
    <label className={className}>
      {hinted(label, hint)}
      <select {...select} onChange={onValue && ((e) => onValue((e.target as HTMLSelectElement).value))}>
        {options.map(([value, text]) => (
          <option key={value} value={value} selected={selected === undefined ? undefined : value === selected}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A checkbox with its text after it; `onChecked` gets whether it is ticked. */
export function CheckField({
  label,
  onChecked,
  ...input
}: { label: ReactNode; onChecked?: (checked: boolean) => void } & Own<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'type'
>) {
  return (
    <label className="check">
      <input
        {...input}
        type="checkbox"
        onChange={onChecked && ((e) => onChecked((e.target as HTMLInputElement).checked))}
      />{' '}
      {label}
    </label>
  );
}

/**
 * The form of the `filters` look: its fields in a grid, then a row of its buttons, the submit
 * button (`submit`, 'Pokaż' unless told) first and `actions` after it. Submitting calls
 * `onSubmit` without leaving the page. `card` frames it (a form of its own on the page).
 */
export function FilterForm({
  submit = 'Pokaż',
  actions,
  card = true,
  onSubmit,
  children,
  ...form
}: {
  submit?: string;
  actions?: ReactNode;
  card?: boolean;
  onSubmit: () => void;
  children: ReactNode;
  'aria-label'?: string;
  role?: 'search';
}) {
  return (
    <form
      {...form}
      className={card ? 'filters card' : 'filters'}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="filter-actions">
        <button type="submit" className="button">
          {submit}
        </button>
        {actions}
      </div>
    </form>
  );
}

/**
 * A list's filter: what is typed (`typed`, `set(key)` for a field's `onValue`) and what the
 * list shows (`applied`), apart, so typing reloads nothing until the form is sent (`apply()`,
 * or `apply(next)` for a button that changes both at once). The typed values stay in the form.
 */
export function useFilter<F extends Record<string, unknown>>(start: F) {
  const [typed, setTyped] = useState(start);
  const [applied, setApplied] = useState(start);
  return {
    typed,
    applied,
    set:
      <K extends keyof F>(key: K) =>
      (value: F[K]) =>
        setTyped((f) => ({ ...f, [key]: value })),
    // A copy, so that sending the form again reloads the list even when nothing was changed.
    apply: (next: F = typed) => {
      setTyped(next);
      setApplied({ ...next });
    },
  };
}
