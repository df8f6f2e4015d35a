/**
 * 'Nie wiem, ile drukuję' in the package step: a button that loads the calculator
 * (./EstimatePanel.tsx with widgets/calculator/Panel.tsx, chunks shared with
 * `<kserowo-calculator>`) only when the visitor opens it, so the configurator's first
 * load does not grow.
 */
import { useState } from 'react';
import type { ComparisonChange, EstimateChange } from '../calculator/Panel.tsx';
import type { EstimatePanelProps } from './EstimatePanel.tsx';
import { T } from './copy.ts';

type PanelModule = typeof import('./EstimatePanel.tsx');
let loading: Promise<PanelModule> | undefined;

export interface Estimated {
  estimate?: EstimateChange;
  comparison?: ComparisonChange;
}

export function EstimateToggle(props: EstimatePanelProps) {
  const [mod, setMod] = useState<PanelModule | false>(false);
  // A chunk that fails to load leaves the button as it was, to try again.
  const toggle = () => {
    if (mod) return setMod(false);
    loading ??= import('./EstimatePanel.tsx');
    loading.then(setMod, () => {
      loading = undefined;
    });
  };
  return (
    <div className="est-open">
      <button type="button" className="btn ghost" aria-expanded={!!mod} onClick={toggle}>
        {T.dontKnow}
      </button>
      {mod && <mod.EstimatePanel {...props} />}
    </div>
  );
}
