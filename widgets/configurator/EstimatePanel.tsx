/**
 * The calculator panel bound to the configurator's state (loaded on demand by
 * ./Estimate.tsx): the estimate fills the volume fields, and the cheapest package at it is
 * picked again; the advised device is one click away; the estimate and the comparison are
 * kept to travel with the quote.
 */
import { type Catalogue, type Device, type Package, type PackageLevel, LEVEL_NAMES } from '../core/model.ts';
import { C } from '../kit/estimate/copy.ts';
import { Panel } from '../kit/estimate/Panel.tsx';
import type { Estimated } from './state.ts';
import type { Choices } from './state.ts';

export interface EstimatePanelProps {
  catalogue: Catalogue;
  /** The device clicked (package step); none in the device step. */
  device?: Device | undefined;
  pkg: Package | undefined;
  choices: Choices;
  update: (patch: Partial<Choices>) => void;
  setLevelChosen: (chosen: boolean) => void;
  setCalc: (f: (c: Estimated) => Estimated) => void;
  /** Takes the advised device and package and moves to the package step. */
  choose: (deviceId: string, level: PackageLevel) => void;
}

export function EstimatePanel({
  catalogue,
  device,
  pkg,
  choices,
  update,
  setLevelChosen,
  setCalc,
  choose,
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
          color: !device || device.type === 'color' ? String(estimate.volume.color) : '',
        });
        setCalc((c) => ({ ...c, estimate }));
      }}
      onCompare={(comparison) => setCalc((c) => ({ ...c, comparison }))}
      after={(best, level, volume) =>
        best.id === device?.id && level === pkg?.level ? null : (
          <button
            type="button"
            className="btn kc-cta"
            onClick={() => {
              update({ mono: String(volume.mono), color: best.type === 'color' ? String(volume.color) : '' });
              setCalc((c) => ({ ...c, clicked: device?.id }));
              choose(best.id, level);
            }}
          >
            {C.choose(`${best.name} ${LEVEL_NAMES[level]}`)}
          </button>
        )
      }
    />
  );
}
