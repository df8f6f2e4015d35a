/**
 * The volume calculator, the advice across the whole catalogue (the clicked device beside it)
 * and the comparison with the visitor's current contract: one component, used by both steps
 * of the configurator (loaded only when the visitor opens it) and by `<kserowo-calculator>`.
 * The maths: widgets/core/estimate.ts and advisor.ts; the contract form is checked with the quote's schema.
 *
 * It renders inside another widget's form, so it has no <form> of its own: Enter in a
 * field runs its own button instead of submitting the host form. Its styles are adopted
 * into whatever root it renders in (a shadow root, or the document), never a <style>.
 */
import { useRef, useState } from 'react';
import { type PrintProfile, type VolumeEstimate, explainRecommendation, recommend } from '../../core/estimate.ts';
import type { Comparison } from '../../core/comparison.ts';
import { advise, askToConfirm, usualMonth } from '../../core/advisor.ts';
import { type EstimateInput, checkContract, estimateVolume } from '../../core/estimate-validation.ts';
import { warsawToday } from '../../core/warsaw-time.ts';
import { LIMITS } from '../../core/limits.ts';
import { focusField } from '../../core/field-focus.ts';
import { C } from './copy.ts';
import { calculatorCss } from './styles.ts';
import { CONTRACT_FIELDS, type Draft, amount, integer } from './draft.ts';
import type { EstimateChange, PanelProps } from './props.ts';
import { AdviceResult, EstimateResult, ModeTabs, ProfileChoices, useAdoptedSheet } from './parts.tsx';
import { loadCompare } from './load-compare.ts';

export type { ComparisonChange, EstimateChange, PanelProps } from './props.ts';

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
  /** The comparison's chunk once it has come (asked for when the visitor opens the comparison). */
  const [cmp, setCmp] = useState<typeof import('./Compare.tsx')>();
  const [a3, setA3] = useState(false);
  /** A volume no device is built for, shown only once the visitor confirms the readings. */
  const [confirmed, setConfirmed] = useState(false);
  /** The estimate being asked about, handed on once the visitor confirms it. */
  const asked = useRef<EstimateChange>();

  useAdoptedSheet(root, calculatorCss);

  const id = (name: string) => `${idPrefix}-${name}`;
  const volume = estimate ?? props.stated;
  const stated = !!volume && (volume.mono > 0 || volume.color > 0);
  const advice = volume && stated ? advise(catalogue, volume, { a3 }, props.device?.id) : undefined;
  const best = advice?.best;
  // The comparison with the current contract prices the configurator's package, or the advice.
  const device = props.device ?? best?.device;
  const colour = !props.device || props.device.type === 'color';
  const rec =
    best && volume ? recommend(best.device, best.device.type === 'color' ? volume : { mono: volume.mono }) : undefined;
  const level = props.device ? props.level : best?.pkg.level;
  // The meter's question before an implausible month from the counters (a transposed digit looks just like that).
  const ask = !!estimate && askToConfirm(catalogue, estimate) && !confirmed;

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
      focusField(root.current?.querySelector<HTMLInputElement>(`#${id(result.field)}`));
      return;
    }
    setError(undefined);
    setConfirmed(false);
    setEstimate(result.value);
    setComparison(undefined);
    asked.current = { inputs, volume: result.value, a3 };
    // An implausible month reaches the configurator (and the host's event) only once confirmed.
    if (!askToConfirm(catalogue, result.value)) props.onEstimate(asked.current);
  };

  const reading = (which: 'first' | 'second') => {
    const color = draft[`${which}Color`]?.trim();
    return {
      date: draft[`${which}Date`] ?? '',
      mono: integer(draft[`${which}Mono`]),
      ...(colour && color ? { color: integer(color) } : {}),
    };
  };

  const compare = async () => {
    if (!device || !volume || !stated) {
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
      focusField(root.current?.querySelector<HTMLInputElement>(`#${id(field)}`));
      return;
    }
    const inputs = checked.data;
    const v = device.type === 'color' ? volume : { mono: volume.mono };
    const m = await loadCompare().catch(() => undefined);
    if (!m) {
      setContractError({ field: 'monthlyFee', text: C.unavailable });
      return;
    }
    setCmp(() => m);
    const result = m.compareWithContract(catalogue, device, v, inputs, level);
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
          maxLength={LIMITS.numberText}
          value={source[name] ?? ''}
          aria-invalid={bad || undefined}
          aria-describedby={described || undefined}
          onInput={(e) => {
            const value = e.currentTarget.value;
            set((d) => ({ ...d, [name]: value }));
            // The refused field is being fixed: its message has said its piece.
            if (bad) (opts.value ? setContractError : setError)(undefined);
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

  const readingSet = (which: 'first' | 'second', legend: string) => (
    <fieldset className="kc-reading">
      <legend>{legend}</legend>
      {field(`${which}Date`, C.date, { type: 'date' })}
      {field(`${which}Mono`, C.mono)}
      {colour && field(`${which}Color`, C.color, props.device ? {} : { hint: C.colorOptional })}
    </fieldset>
  );

  return (
    <div className="kc" ref={root}>
      <p className="kc-intro">{C.intro}</p>
      <ModeTabs
        mode={mode}
        id={id}
        onSelect={(m) => {
          setMode(m);
          setError(undefined);
        }}
      />
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
            <ProfileChoices
              name={id('profile')}
              value={draft.profile}
              onChange={(profile) => setDraft((d) => ({ ...d, profile }))}
            />
            {colour && field('colorShare', C.colorShare)}
          </>
        )}
        <label className="kc-check">
          <input type="checkbox" checked={a3} onChange={(e) => setA3(e.currentTarget.checked)} /> {C.a3}
        </label>
        <button type="button" className="btn kc-go" onClick={calculate}>
          {C.calculate}
        </button>
      </div>
      <div className="kc-live" aria-live="polite" aria-atomic="true">
        {error && <p className="kc-error-summary">{error.text}</p>}
        {estimate && !error && (
          <EstimateResult estimate={estimate} colour={colour} given={!!props.device}>
            {ask ? (
              <div className="kc-ask" role="alert">
                <p>{C.jump(estimate.mono + estimate.color, usualMonth(catalogue))}</p>
                <button
                  type="button"
                  className="btn ghost"
                  onClick={() => {
                    setConfirmed(true);
                    if (asked.current) props.onEstimate(asked.current);
                  }}
                >
                  {C.jumpConfirm}
                </button>
              </div>
            ) : (
              advice && (
                <AdviceResult
                  advice={advice}
                  needs={{ color: estimate.color > 0, a3 }}
                  explanation={rec ? explainRecommendation(rec, estimate) : undefined}
                />
              )
            )}
          </EstimateResult>
        )}
      </div>
      {estimate && best && advice && !ask && props.after?.(best.device, best.pkg.level, estimate, advice)}
      <div className="kc-compare">
        <button
          type="button"
          className="btn ghost"
          aria-expanded={comparing}
          aria-controls={id('compare')}
          onClick={() => {
            // The comparison's code comes while the visitor types the contract's figures.
            if (!comparing)
              loadCompare().then(
                (m) => setCmp(() => m),
                () => undefined,
              );
            setComparing(!comparing);
          }}
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
          {comparison && comparing && !contractError && cmp && (
            <cmp.ComparisonResult comparison={comparison} catalogue={catalogue} deviceName={device?.name ?? ''} />
          )}
        </div>
      </div>
    </div>
  );
}
