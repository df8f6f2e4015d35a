/** What the estimate panel takes and tells its host (the configurator's steps, `<kserowo-calculator>`). */
import type { Catalogue, Device, PackageLevel } from '../../core/model.ts';
import type { VolumeEstimate } from '../../core/estimate.ts';
import type { Comparison } from '../../core/comparison.ts';
import type { Advice } from '../../core/advisor.ts';
import type { ContractInput, EstimateInput } from '../../core/estimate-validation.ts';

export interface EstimateChange {
  inputs: EstimateInput;
  volume: VolumeEstimate;
  /** The visitor needs A3 (ticked when the estimate was made): the quote's advice keeps to A3 devices. */
  a3?: boolean;
}
export interface ComparisonChange {
  inputs: ContractInput;
  result: Comparison;
}

export interface PanelProps {
  catalogue: Catalogue;
  /** The device the visitor clicked (the configurator's), set beside the advice; without it, the advice alone. */
  device?: Device | undefined;
  /** The package compared (the configurator's choice); without it, the recommended one. */
  level?: PackageLevel | undefined;
  /** The volume already stated (the configurator's fields), for a comparison without an estimate. */
  stated?: { mono: number; color: number } | undefined;
  /** Prefix of the element ids (two panels on one page stay apart). */
  idPrefix?: string;
  onEstimate: (change: EstimateChange) => void;
  onCompare: (change: ComparisonChange) => void;
  /** Rendered under the advice with its best offer (the element's link, the configurator's button). */
  after?: (device: Device, level: PackageLevel, volume: { mono: number; color: number }, advice: Advice) => unknown;
}
