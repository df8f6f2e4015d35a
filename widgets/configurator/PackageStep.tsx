/** Step 2: the package (with the estimate at a stated volume), the term and the options. */
import { type Device, type Package, LEVEL_NAMES } from '../core/model.ts';
import { type PackageEstimate, type Term, TERMS, TERM_LABELS } from '../core/quote.ts';
import { gross } from '../core/pricing.ts';
import { formatNumber, formatPln, formatRate } from '../core/format.ts';
import { PRICING } from '../core/price-labels.ts';
import { hasSla } from '../core/terms.ts';
import { T } from './copy.ts';
import { NumberField, Radios } from './fields.tsx';
import type { Choices } from './state.ts';

export interface PackageStepProps {
  device: Device;
  pkg?: Package;
  choices: Choices;
  estimates: PackageEstimate[];
  /** The level asked for (attribute or URL) when there is no such package level. */
  unknownLevel?: string;
  update: (patch: Partial<Choices>) => void;
  onLevel: (level: Package['level']) => void;
  /** 'Nie wiem, ile drukuję', under the volume fields. */
  estimator?: unknown;
}

export function PackageStep(props: PackageStepProps) {
  const { device, pkg, choices, estimates, unknownLevel, update, onLevel } = props;
  const stated = Number(choices.mono) > 0 || Number(choices.color) > 0;
  return (
    <>
      <p className="for">
        {device.name} · {device.type === 'color' ? PRICING.color : PRICING.mono} {device.format}
      </p>
      {unknownLevel && (
        <p className="note" role="status">
          {T.unknownPackage(unknownLevel)}
        </p>
      )}
      <fieldset className="volume">
        <legend>{T.volume}</legend>
        <p className="hint">{T.volumeHint}</p>
        <div className="row">
          <NumberField id="q-mono" label={T.monoPages} value={choices.mono} onChange={(mono) => update({ mono })} />
          {device.type === 'color' && (
            <NumberField
              id="q-color"
              label={T.colorPages}
              value={choices.color}
              onChange={(color) => update({ color })}
            />
          )}
        </div>
        {props.estimator}
      </fieldset>
      <fieldset className="packages" part="package">
        <legend>{T.package}</legend>
        {device.packages.map((p) => {
          const est = estimates.find((e) => e.level === p.level);
          const id = `lvl-${p.level}`;
          return (
            <label key={p.level} className={p.level === pkg?.level ? 'pkg on' : 'pkg'} htmlFor={id}>
              <input
                type="radio"
                id={id}
                name="level"
                value={p.level}
                checked={p.level === pkg?.level}
                onChange={() => onLevel(p.level)}
              />
              <span className="pkg-head">
                <strong className="pkg-name">{LEVEL_NAMES[p.level]}</strong>
                {est?.recommended && <span className="badge">{T.recommended}</span>}
                {hasSla(p.level) && <span className="badge sla">{T.sla}</span>}
              </span>
              <span className="pkg-price">
                <strong>{formatPln(p.monthlyPrice)}</strong> {PRICING.perMonth}
              </span>
              <span className="muted">
                {formatPln(gross(p.monthlyPrice), 2)} {PRICING.grossSuffix}
              </span>
              <span>
                {T.included}: {formatNumber(p.monthlyLimit)} {T.pagesMono}
                {p.colorLimit !== undefined && ` + ${formatNumber(p.colorLimit)} ${T.pagesColor}`}
              </span>
              <span>
                {T.overage}: {formatRate(p.overage.mono)} mono
                {p.overage.color !== undefined && `, ${formatRate(p.overage.color)} kolor`} {T.perPage}
              </span>
              <span>{hasSla(p.level) ? `${T.sla}: ${T.slaText}` : T.standard}</span>
              {est && stated && (
                <span className="est">
                  {T.estimate}: <strong>{formatPln(est.cost, 2)}</strong> {PRICING.perMonth}
                </span>
              )}
            </label>
          );
        })}
      </fieldset>
      <Radios
        legend={T.term}
        name="term"
        value={String(choices.term)}
        onChange={(v) => update({ term: v === 'short' ? 'short' : (Number(v) as Term) })}
        options={TERMS.map((t) => [String(t), TERM_LABELS[t] ?? ''])}
      />
      <fieldset className="options">
        <legend>{T.options}</legend>
        <label className="check">
          <input type="checkbox" checked={choices.paper} onChange={(e) => update({ paper: e.currentTarget.checked })} />{' '}
          {T.paper}
        </label>
      </fieldset>
      <p className="trial">{T.trial}</p>
      <p className="muted">{PRICING.footnote}</p>
    </>
  );
}
