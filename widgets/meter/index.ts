/** Defines `<kserowo-meter>` (shadow DOM: see Meter.tsx for why); its contract: ./contract.ts. */
import type { KindsFor } from '../core/contract.ts';
import { defineWidget } from '../core/define.ts';
import { props, tag } from './contract.ts';
import { Meter, type MeterProps } from './Meter.tsx';
import { meterCss } from './styles.ts';

defineWidget<MeterProps>(tag, Meter, {
  props: props satisfies KindsFor<typeof props, MeterProps>,
  shadow: true,
  styles: meterCss,
});
