/** Form controls shared by the configurator's steps. */
import { T } from './copy.ts';

export function Radios({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className={`seg ${name}`}>
      <legend>{legend}</legend>
      {options.map(([v, text]) => (
        <label key={v} className={v === value ? 'on' : ''}>
          <input type="radio" name={name} value={v} checked={v === value} onChange={() => onChange(v)} /> {text}
        </label>
      ))}
    </fieldset>
  );
}

export function NumberField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="f">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={1000000}
        step={100}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 7))}
      />
    </div>
  );
}

export function Text({
  id,
  label,
  value,
  onChange,
  max,
  auto,
  req,
  type = 'text',
  mode,
  list,
  hint,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (e: { currentTarget: HTMLInputElement }) => void;
  max: number;
  auto: string;
  req?: boolean;
  type?: string;
  mode?: 'numeric';
  list?: string;
  hint?: string;
  /** The refusal of this field, shown under it. */
  error?: string | undefined;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="f">
      <label htmlFor={id}>
        {label} <span className="muted">{req ? T.required : T.optional}</span>
      </label>
      <input
        id={id}
        type={type}
        value={value}
        maxLength={max}
        autoComplete={auto}
        required={req}
        inputMode={mode}
        list={list}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        onChange={onChange}
      />
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
