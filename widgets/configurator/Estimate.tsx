/**
 * 'Nie wiem, który model i ile drukuję' in the device step and 'Nie wiem, ile drukuję' in
 * the package step: a button that loads the calculator
 * (./EstimatePanel.tsx with widgets/kit/estimate/Panel.tsx, chunks shared with
 * `<kserowo-calculator>`) only when the visitor opens it, so the configurator's first
 * load does not grow.
 */
import { useState } from 'react';
import type { EstimatePanelProps } from './EstimatePanel.tsx';

export type { Estimated } from './state.ts';

type PanelModule = typeof import('./EstimatePanel.tsx');
let loading: Promise<PanelModule> | undefined;

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
