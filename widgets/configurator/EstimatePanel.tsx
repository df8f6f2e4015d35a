/**
 * The calculator panel bound to the configurator's state (loaded on demand by
 * ./Estimate.tsx): the estimate fills the volume fields, and the cheapest package at it is
 * picked again; the estimate and the comparison are kept to travel with the quote.
 */
import type { Catalogue, Device, Package } from '../core/model.ts';
import { Panel } from '../calculator/Panel.tsx';
import type { Estimated } from './Estimate.tsx';
import type { Choices } from './state.ts';

export interface EstimatePanelProps {
  catalogue: Catalogue;
  device: Device;
  pkg: Package | undefined;
  choices: Choices;
  update: (patch: Partial<Choices>) => void;
  setLevelChosen: (chosen: boolean) => void;
  setCalc: (f: (c: Estimated) => Estimated) => void;
}

export function EstimatePanel({
  catalogue,
  device,
  pkg,
  choices,
  update,
  setLevelChosen,
  setCalc,
}: EstimatePanelProps) {
  return (
    <Panel
      catalogue={catalogue}
      device={device}
      level={pkg?.level}
      stated={{ mono: Number(choices.mono) || 0, color: Number(choices.color) || 0 }}
      idPrefix="q-est"
      onEstimate={(estimate) => {
        setLevelChosen(false);
        update({
          mono: String(estimate.volume.mono),
          color: device.type === 'color' ? String(estimate.volume.color) : '',
        });
        setCalc((c) => ({ ...c, estimate }));
      }}
      onCompare={(comparison) => setCalc((c) => ({ ...c, comparison }))}
    />
  );
}
