/**
 * Pieces of the calculator's panel: its two tabs, the office profiles, the estimated volume's
 * result (the comparison's is in ./Compare.tsx, loaded on demand), and the hook that
 * adopts its styles into whatever root it renders in (a shadow root, or the document).
 */
import { type RefObject, useLayoutEffect } from 'react';
import { LEVEL_NAMES } from '../../core/model.ts';
import { PRINT_PROFILES, type PrintProfile, type VolumeEstimate } from '../../core/estimate.ts';
import type { Advice, Needs } from '../../core/advisor.ts';
import { adopt } from '../../core/define.ts';
import { formatPln } from '../../core/format.ts';
import { C } from './copy.ts';

export type Mode = 'counters' | 'profile';

/** Adopts `css` into the root `root` renders in (shadow root or document), once. */
export function useAdoptedSheet(root: RefObject<HTMLElement>, css: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: a root and a sheet do not change
  useLayoutEffect(() => {
    const target = root.current?.getRootNode() as Document | ShadowRoot | undefined;
    if (target && 'adoptedStyleSheets' in target) adopt(target, css);
  }, []);
}

/** 'Stany liczników' | 'Profil biura': a tablist (arrows, Home and End move between the two). */
export function ModeTabs({
  mode,
  id,
  onSelect,
}: {
  mode: Mode;
  id: (name: string) => string;
  onSelect: (m: Mode) => void;
}) {
  const tab = (m: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      id={id(`tab-${m}`)}
      aria-selected={mode === m}
      aria-controls={id(`panel-${m}`)}
      tabIndex={mode === m ? 0 : -1}
      className={mode === m ? 'kc-tab on' : 'kc-tab'}
      onClick={() => onSelect(m)}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft' && e.key !== 'Home' && e.key !== 'End') return;
        e.preventDefault();
        const next = mode === 'counters' ? 'profile' : 'counters';
        onSelect(next);
        e.currentTarget.parentElement?.querySelector<HTMLButtonElement>(`#${id(`tab-${next}`)}`)?.focus();
      }}
    >
      {label}
    </button>
  );
  return (
    <div className="kc-tabs" role="tablist" aria-label={C.tabs}>
      {tab('counters', C.tabCounters)}
      {tab('profile', C.tabProfile)}
    </div>
  );
}

/** The office profiles (pages a person prints a month), one radio each. */
export function ProfileChoices({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string | undefined;
  onChange: (profile: PrintProfile) => void;
}) {
  return (
    <fieldset className="kc-profiles">
      <legend>{C.profile}</legend>
      {(Object.keys(PRINT_PROFILES) as PrintProfile[]).map((key) => {
        const p = PRINT_PROFILES[key];
        return (
          <label key={key} className={value === key ? 'kc-choice on' : 'kc-choice'}>
            <input type="radio" name={name} value={key} checked={value === key} onChange={() => onChange(key)} />
            <span>
              <strong>{p.label}</strong>: {C.perPerson(p.pagesPerPerson, p.range[0], p.range[1])} – {p.note}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

export function EstimateResult({
  estimate,
  colour,
  given,
  children,
}: {
  estimate: VolumeEstimate;
  colour: boolean;
  /** True when the host gave the device (the configurator): its fields were filled. */
  given: boolean;
  /** The advice (or the question before it). */
  children?: unknown;
}) {
  return (
    <div className="kc-result" part="estimate">
      <p className="kc-volume">
        <strong>{C.result(estimate.mono, colour ? estimate.color : 0)}</strong>
      </p>
      {estimate.days !== undefined && <p className="kc-muted">{C.fromDays(estimate.days)}</p>}
      {estimate.range && (
        <p className="kc-muted">
          {C.range(estimate.range.mono[0] + estimate.range.color[0], estimate.range.mono[1] + estimate.range.color[1])}
        </p>
      )}
      {children}
      {given && <p className="kc-muted">{C.filled}</p>}
    </div>
  );
}

/** The best offer at the volume and, beside it, the clicked device with the difference. */
export function AdviceResult({
  advice,
  needs,
  explanation,
}: {
  advice: Advice;
  needs: Needs;
  explanation: string | undefined;
}) {
  const { best, clicked, difference } = advice;
  if (!best) return <p className="kc-more">{C.noFit}</p>;
  const name = (o: NonNullable<Advice['best']>) => `${o.device.name} ${LEVEL_NAMES[o.pkg.level]}`;
  const pln = (n: number) => formatPln(n, 2);
  return (
    <div className="kc-advice">
      <p className="kc-rec">
        {C.best}: {name(best)} – <strong>{pln(best.cost)}</strong> {C.net} {C.perMonth}.
      </p>
      <p className="kc-muted">{C.bestWhy(!!needs.color, !!needs.a3)}</p>
      {explanation && <p>{explanation}</p>}
      {clicked && difference && (
        <p className="kc-clicked">
          {C.clicked}: {name(clicked)} – {pln(clicked.cost)} {C.net},{' '}
          {difference.monthly >= 0
            ? `${C.clickedMore(pln(difference.monthly))} (${difference.overTerm
                .map((t) => C.overTermShort(t.months, pln(t.amount)))
                .join(', ')})`
            : C.clickedLess(pln(-difference.monthly))}
          {clicked.misfits.length > 0 && ` ${clicked.misfits.map((m) => C.misfit[m]).join(', ')}`}.
        </p>
      )}
    </div>
  );
}
