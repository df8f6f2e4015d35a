/**
 * 'Nie wiem, który model i ile drukuję' in the device step and 'Nie wiem, ile drukuję' in
 * the package step: a button that loads the calculator
 * (./EstimatePanel.tsx with widgets/kit/estimate/Panel.tsx, chunks shared with
 * `<kserowo-calculator>`) only when the visitor opens it, so the configurator's first
 * load does not grow.
 */
import { useState } from 'react';
import type { EstimateChange } from '../kit/estimate/Panel.tsx';
import type { ContractInput } from '../core/estimate-validation.ts';
import type { Comparison } from '../core/comparison.ts';
import type { EstimatePanelProps } from './EstimatePanel.tsx';

type PanelModule = typeof import('./EstimatePanel.tsx');
let loading: Promise<PanelModule> | undefined;

/** The estimate and the current contract the quote carries; from the panel, or handed over in the URL. */
export interface Estimated {
  estimate?: Pick<EstimateChange, 'inputs'> & { volume: { mono: number; color: number } };
  /** The result is known once compared here; a hand-over carries the inputs only (the server compares). */
  comparison?: { inputs: ContractInput; result?: Comparison };
}

export function EstimateToggle({
  label,
  go,
  ...props
}: Omit<EstimatePanelProps, 'choose'> & { label: string; go: (step: 2) => void }) {
  const [mod, setMod] = useState<PanelModule | false>(false);
  // The advised device and package taken: the package step, with them chosen.
  const choose = (deviceId: string, level: string) => {
    props.setLevelChosen(true);
    props.update({ deviceId, level });
    go(2);
  };
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
        {label}
      </button>
      {mod && <mod.EstimatePanel {...props} choose={choose} />}
    </div>
  );
}
