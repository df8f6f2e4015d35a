/**
 * The portal's form fields: a labelled input with its error next to it (`aria-describedby`),
 * the value typed kept after a refusal, the refused field taking the focus, and the honeypot.
 */

/** Field errors of a refused form: the field's name and the Polish text. */
export interface FormProblem {
  form: string;
  field?: string | undefined;
  error: string;
  values?: Record<string, string | string[]>;
}

export const errId = (form: string, field: string) => `${form}-${field}-error`;

/** The id suffix of a field's element where it is not the field's name (Field's `id`). */
const FIELD_IDS: Record<string, string> = { errorCode: 'code', readOn: 'day' };

/** The element a refused form's error belongs to: the field, or the form-wide error itself. */
export const problemTarget = (problem: FormProblem): string =>
  (problem.field ?? 'form') === 'form'
    ? errId(problem.form, 'form')
    : `${problem.form}-${FIELD_IDS[problem.field ?? ''] ?? problem.field}`;

/** Whether `field` of `form` is where the refused form's error is (it takes the focus when the page loads). */
export const isTarget = (problem: FormProblem | undefined, form: string, field: string): boolean =>
  !!problem && problem.form === form && (problem.field ?? 'form') === field;

export function FieldError({
  problem,
  form,
  field,
}: {
  problem?: FormProblem | undefined;
  form: string;
  field: string;
}) {
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

export const describedBy = (problem: FormProblem | undefined, form: string, field: string) =>
  problem && problem.form === form && (problem.field ?? 'form') === field ? errId(form, field) : undefined;

export const value = (problem: FormProblem | undefined, form: string, field: string): string | undefined => {
  if (!problem || problem.form !== form) return undefined;
  const v = problem.values?.[field];
  return typeof v === 'string' ? v : undefined;
};

/**
 * One labelled input of a portal form with its error below it: after a refusal it shows
 * what was sent and is described by the error. `id` is the suffix of the element's id.
 */
export function Field({
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

export function Honeypot() {
  return (
    <div className="hp" aria-hidden="true">
      <label>
        Nie wypełniaj
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
