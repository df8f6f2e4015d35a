/**
 * 'Nie wiem, ile drukuję' in the package step: a button that loads the calculator
 * (./EstimatePanel.tsx with widgets/calculator/Panel.tsx, chunks shared with
 * `<kserowo-calculator>`) only when the visitor opens it, so the configurator's first
 * load does not grow.
 */
import { useState } from 'react';
import type { ComparisonChange, EstimateChange } from '../calculator/Panel.tsx';
import type { EstimatePanelProps } from './EstimatePanel.tsx';
import { FALLBACK } from '../core/texts.ts';
import { T } from './copy.ts';

type PanelModule = typeof import('./EstimatePanel.tsx');
let loading: Promise<PanelModule> | undefined;

export interface Estimated {
  estimate?: EstimateChange;
  comparison?: ComparisonChange;
}

export function EstimateToggle(props: EstimatePanelProps) {
  const [open, setOpen] = useState(false);
  const [mod, setMod] = useState<PanelModule>();
  const [failed, setFailed] = useState(false);
  const toggle = () => {
    if (!open && !mod) {
      setFailed(false);
      loading ??= import('./EstimatePanel.tsx');
      loading.then(setMod, () => {
        loading = undefined;
        setFailed(true);
      });
    }
    setOpen(!open);
  };
  return (
    <div className="est-open">
      <button type="button" className="btn ghost" aria-expanded={open} onClick={toggle}>
        {T.dontKnow}
      </button>
      {open &&
        (mod ? (
          <mod.EstimatePanel {...props} />
        ) : (
          <p className={failed ? 'error' : 'muted'} role={failed ? 'alert' : 'status'}>
            {failed ? T.calcFailed : FALLBACK.loading}
          </p>
        ))}
    </div>
  );
}
