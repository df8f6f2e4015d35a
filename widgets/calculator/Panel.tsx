/**
 * The volume calculator ('Nie wiem, ile drukuję') and the comparison with the visitor's
 * current contract (issue 16): one component, used by the configurator's package step
 * (loaded only when the visitor opens it) and by `<kserowo-calculator>`. All maths is
 * widgets/core/estimate.ts; the contract form is checked with the quote's schema.
 *
 * It renders inside another widget's form, so it has no <form> of its own: Enter in a
 * field runs its own button instead of submitting the host form. Its styles are adopted
 * into whatever root it renders in (a shadow root, or the document), never a <style>.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { Catalogue, Device, PackageLevel } from '../core/model.ts';
import { LEVEL_NAMES, findDevice } from '../core/model.ts';
import {
  type Comparison,
  PRINT_PROFILES,
  type PrintProfile,
  type VolumeEstimate,
  cheapestAt,
  compareWithContract,
  explainRecommendation,
  recommend,
} from '../core/estimate.ts';
import {
  type ContractInput,
  type EstimateInput,
  checkContract,
  estimateVolume,
  warsawToday,
} from '../core/estimate-validation.ts';
import { formatPln } from '../core/format.ts';
import { sheetFor } from '../core/define.ts';
import { C } from './copy.ts';
import { calculatorCss } from './styles.ts';

export interface EstimateChange {
  inputs: EstimateInput;
  volume: VolumeEstimate;
}
export interface ComparisonChange {
  inputs: ContractInput;
  result: Comparison;
}

export interface PanelProps {
  catalogue: Catalogue;
  /** The device compared (the configurator's); without it, the cheapest one at the volume. */
  device?: Device | undefined;
  /** The package compared (the configurator's choice); without it, the recommended one. */
  level?: PackageLevel | undefined;
  /** The volume already stated (the configurator's fields), for a comparison without an estimate. */
  stated?: { mono: number; color: number } | undefined;
  /** Prefix of the element ids (two panels on one page stay apart). */
  idPrefix?: string;
  onEstimate: (change: EstimateChange) => void;
  onCompare: (change: ComparisonChange) => void;
  /** Rendered under the result (the element's link to the configurator). */
  after?: (device: Device, level: PackageLevel, volume: { mono: number; color: number }) => unknown;
}

type Draft = Record<string, string>;

const CONTRACT_FIELDS = [
  ['monthlyFee', C.fee, true],
  ['rateMono', C.rateMono, false],
  ['rateColor', C.rateColor, false],
  ['includedMono', C.includedMono, false],
  ['includedColor', C.includedColor, false],
  ['toner', C.toner, false],
  ['service', C.service, false],
  ['paper', C.paper, false],
] as const;

/** '1 234,50' → 1234.5; '' → undefined; anything else → NaN (the schema names the field). */
const amount = (text: string | undefined): number | undefined => {
  const t = (text ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  return t === '' ? undefined : /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};
const integer = (text: string | undefined): number => {
  const t = (text ?? '').replace(/[\s\u00a0]/g, '');
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
};

export function Panel(props: PanelProps) {
  const { catalogue, idPrefix = 'kc' } = props;
  const root = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<'counters' | 'profile'>('counters');
  const [draft, setDraft] = useState<Draft>({ profile: 'average', colorShare: '20' });
  const [error, setError] = useState<{ field: string; text: string }>();
  const [estimate, setEstimate] = useState<VolumeEstimate>();
  const [comparing, setComparing] = useState(false);
  const [contract, setContract] = useState<Draft>({});
  const [contractError, setContractError] = useState<{ field: string; text: string }>();
  const [comparison, setComparison] = useState<Comparison>();

  // Adopt the calculator's sheet into the root it renders in (shadow root or document).
  useLayoutEffect(() => {
    const target = root.current?.getRootNode() as Document | ShadowRoot | undefined;
    if (!target || !('adoptedStyleSheets' in target)) return;
    const sheet = sheetFor(calculatorCss);
    if (!target.adoptedStyleSheets.includes(sheet)) target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
  }, []);

  const id = (name: string) => `${idPrefix}-${name}`;
  const volume = estimate ?? props.stated;
  const device =
    props.device ??
    (volume && (volume.mono > 0 || volume.color > 0) ? cheapestAt(catalogue, volume)?.device : undefined);
  const colour = !props.device || props.device.type === 'color';
  const rec =
    device && volume ? recommend(device, device.type === 'color' ? volume : { mono: volume.mono }) : undefined;
  const level = props.level ?? rec?.level;

  const calculate = () => {
    const inputs: EstimateInput =
      mode === 'counters'
        ? {
            source: 'counters',
            first: reading('first'),
            second: reading('second'),
          }
        : {
            source: 'profile',
            people: integer(draft.people),
            profile: (draft.profile as PrintProfile) ?? 'average',
            colorShare: colour ? (amount(draft.colorShare) ?? 0) : 0,
          };
    const result = estimateVolume(inputs, warsawToday());
    if (!result.ok) {
      setError({ field: result.field, text: result.error });
      root.current?.querySelector<HTMLInputElement>(`#${id(result.field)}`)?.focus();
      return;
    }
    setError(undefined);
    setEstimate(result.value);
    setComparison(undefined);
    props.onEstimate({ inputs, volume: result.value });
  };

  const reading = (which: 'first' | 'second') => {
    const color = draft[`${which}Color`]?.trim();
    return {
      date: draft[`${which}Date`] ?? '',
      mono: integer(draft[`${which}Mono`]),
      ...(colour && color ? { color: integer(color) } : {}),
    };
  };

  const compare = () => {
    if (!device || !volume || (volume.mono <= 0 && volume.color <= 0)) {
      setContractError({ field: 'monthlyFee', text: C.needVolume });
      return;
    }
    const values: Record<string, number | undefined> = {};
    for (const [key] of CONTRACT_FIELDS) {
      const n = amount(contract[key]);
      if (n !== undefined) values[key] = n;
    }
    const checked = checkContract(values);
    if (!checked.ok) {
      const field = checked.field;
      setContractError({ field, text: checked.error });
      root.current?.querySelector<HTMLInputElement>(`#${id(field)}`)?.focus();
      return;
    }
    const inputs = checked.data;
    const v = device.type === 'color' ? volume : { mono: volume.mono };
    const result = compareWithContract(catalogue, device, v, inputs, level);
    if (!result) return;
    setContractError(undefined);
    setComparison(result);
    props.onCompare({ inputs, result });
  };

  const onEnter = (run: () => void) => (e: { key: string; preventDefault(): void }) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    run();
  };

  const field = (name: string, label: string, opts: { type?: string; hint?: string; value?: Draft } = {}) => {
    const source = opts.value ?? draft;
    const set = opts.value ? setContract : setDraft;
    const err = opts.value ? contractError : error;
    const bad = err?.field === name;
    const described = [opts.hint && id(`${name}-hint`), bad && id(`${name}-error`)].filter(Boolean).join(' ');
    return (
      <div className="kc-f">
        <label htmlFor={id(name)}>{label}</label>
        <input
          id={id(name)}
          type={opts.type ?? 'text'}
          inputMode={opts.type === 'date' ? undefined : 'decimal'}
          autoComplete="off"
          maxLength={12}
          value={source[name] ?? ''}
          aria-invalid={bad || undefined}
          aria-describedby={described || undefined}
          onInput={(e) => {
            const value = e.currentTarget.value;
            set((d) => ({ ...d, [name]: value }));
          }}
          onKeyDown={onEnter(opts.value ? compare : calculate)}
        />
        {opts.hint && (
          <span className="kc-hint" id={id(`${name}-hint`)}>
            {opts.hint}
          </span>
        )}
        {bad && (
          <span className="kc-error" id={id(`${name}-error`)}>
            {err?.text}
          </span>
        )}
      </div>
    );
  };

  const tabKeys = (e: { key: string; preventDefault(): void }) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = mode === 'counters' ? 'profile' : 'counters';
    setMode(next);
    setError(undefined);
    root.current?.querySelector<HTMLButtonElement>(`#${id(`tab-${next}`)}`)?.focus();
  };

  const tab = (m: 'counters' | 'profile', label: string) => (
    <button
      type="button"
      role="tab"
      id={id(`tab-${m}`)}
      aria-selected={mode === m}
      aria-controls={id(`panel-${m}`)}
      tabIndex={mode === m ? 0 : -1}
      className={mode === m ? 'kc-tab on' : 'kc-tab'}
      onClick={() => {
        setMode(m);
        setError(undefined);
      }}
      onKeyDown={tabKeys}
    >
      {label}
    </button>
  );

  const readingSet = (which: 'first' | 'second', legend: string) => (
    <fieldset className="kc-reading">
      <legend>{legend}</legend>
      {field(`${which}Date`, C.date, { type: 'date' })}
      {field(`${which}Mono`, C.mono)}
      {colour && field(`${which}Color`, C.color, props.device ? {} : { hint: C.colorOptional })}
    </fieldset>
  );

  const money = (a: { net: number; gross: number }) => (
    <>
      <strong>{formatPln(a.net, 2)}</strong> {C.net}{' '}
      <span className="kc-muted">
        ({formatPln(a.gross, 2)} {C.gross})
      </span>
    </>
  );
  const abs = (a: { net: number; gross: number }) => ({ net: Math.abs(a.net), gross: Math.abs(a.gross) });
  const cheaper = comparison?.cheaperOption;
  const cheaperDevice = cheaper ? findDevice(catalogue, cheaper.deviceId) : undefined;

  return (
    <div className="kc" ref={root}>
      <p className="kc-intro">{C.intro}</p>
      <div className="kc-tabs" role="tablist" aria-label={C.tabs}>
        {tab('counters', C.tabCounters)}
        {tab('profile', C.tabProfile)}
      </div>
      <div className="kc-panel" role="tabpanel" id={id(`panel-${mode}`)} aria-labelledby={id(`tab-${mode}`)}>
        {mode === 'counters' ? (
          <>
            <p className="kc-help">{C.help}</p>
            <div className="kc-readings">
              {readingSet('first', C.first)}
              {readingSet('second', C.second)}
            </div>
          </>
        ) : (
          <>
            {field('people', C.people)}
            <fieldset className="kc-profiles">
              <legend>{C.profile}</legend>
              {(Object.keys(PRINT_PROFILES) as PrintProfile[]).map((key) => {
                const p = PRINT_PROFILES[key];
                return (
                  <label key={key} className={draft.profile === key ? 'kc-choice on' : 'kc-choice'}>
                    <input
                      type="radio"
                      name={id('profile')}
                      value={key}
                      checked={draft.profile === key}
                      onChange={() => setDraft((d) => ({ ...d, profile: key }))}
                    />
                    <span>
                      <strong>{p.label}</strong>: {C.perPerson(p.pagesPerPerson, p.range[0], p.range[1])} – {p.note}
                    </span>
                  </label>
                );
              })}
            </fieldset>
            {colour && field('colorShare', C.colorShare)}
          </>
        )}
        <button type="button" className="btn kc-go" onClick={calculate}>
          {C.calculate}
        </button>
      </div>
      <div className="kc-live" aria-live="polite" aria-atomic="true">
        {error && <p className="kc-error-summary">{error.text}</p>}
        {estimate && !error && (
          <div className="kc-result" part="estimate">
            <p className="kc-volume">
              <strong>{C.result(estimate.mono, colour ? estimate.color : 0)}</strong>
            </p>
            {estimate.days !== undefined && <p className="kc-muted">{C.fromDays(estimate.days)}</p>}
            {estimate.range && (
              <p className="kc-muted">
                {C.range(
                  estimate.range.mono[0] + estimate.range.color[0],
                  estimate.range.mono[1] + estimate.range.color[1],
                )}
              </p>
            )}
            {!props.device && device && <p>{C.forDevice(device.name)}</p>}
            {rec && device && <p className="kc-rec">{explainRecommendation(rec, volume ?? estimate)}</p>}
            {props.device && <p className="kc-muted">{C.filled}</p>}
          </div>
        )}
      </div>
      {estimate && device && level && props.after?.(device, level, estimate)}
      <div className="kc-compare">
        <button
          type="button"
          className="btn ghost"
          aria-expanded={comparing}
          aria-controls={id('compare')}
          onClick={() => setComparing(!comparing)}
        >
          {C.compareOpen}
        </button>
        {comparing && (
          <div id={id('compare')} className="kc-contract">
            <p className="kc-muted">{C.compareIntro}</p>
            <div className="kc-grid">
              {CONTRACT_FIELDS.filter(([key]) => colour || !key.endsWith('Color')).map(([key, label, req]) =>
                field(key, req ? label : `${label} ${C.optional}`, {
                  value: contract,
                  ...(key === 'paper' ? { hint: C.paperNote } : {}),
                }),
              )}
            </div>
            <button type="button" className="btn kc-go" onClick={compare}>
              {C.compare}
            </button>
          </div>
        )}
        <div className="kc-live" aria-live="polite" aria-atomic="true">
          {contractError && comparing && <p className="kc-error-summary">{contractError.text}</p>}
          {comparison && comparing && !contractError && (
            <div className="kc-result" part="comparison">
              <table className="kc-table">
                <tbody>
                  <tr>
                    <th scope="row">
                      {C.now} ({C.perMonth})
                    </th>
                    <td>{money(comparison.current)}</td>
                  </tr>
                  <tr>
                    <th scope="row">
                      {C.offer(`${device?.name ?? ''} ${LEVEL_NAMES[comparison.offer.level]}`)} ({C.perMonth})
                    </th>
                    <td>{money(comparison.offer)}</td>
                  </tr>
                  {[{ months: 1, difference: comparison.monthly }, ...comparison.overTerm].map(
                    ({ months, difference }) => (
                      <tr key={months}>
                        <th scope="row">{months === 1 ? C.difference : C.overTerm(months)}</th>
                        <td>
                          {money(abs(difference))} {comparison.saves ? C.less : C.more}
                        </td>
                      </tr>
                    ),
                  )}
                </tbody>
              </table>
              <p className={comparison.saves ? 'kc-saves' : 'kc-more'}>
                {comparison.saves
                  ? C.saves(formatPln(comparison.monthly.net, 2))
                  : comparison.monthly.net === 0
                    ? C.same
                    : C.costsMore(formatPln(-comparison.monthly.net, 2))}
              </p>
              {!comparison.saves &&
                (cheaper ? (
                  <p>
                    {C.cheaper(
                      `${cheaperDevice?.name ?? cheaper.deviceName} ${LEVEL_NAMES[cheaper.level]}`,
                      formatPln(cheaper.cost.net, 2),
                    )}
                  </p>
                ) : (
                  <p>{C.noCheaper}</p>
                ))}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
