/** Defines `<kserowo-calculator>`; its attributes, events and parts: ./contract.ts. */
import type { KindsFor } from '../core/contract.ts';
import { defineWidget } from '../core/define.ts';
import { baseCss } from '../core/theme.ts';
import { Calculator, type CalculatorProps } from './Calculator.tsx';
import { props, tag } from './contract.ts';

defineWidget<CalculatorProps>(tag, Calculator, {
  props: props satisfies KindsFor<typeof props, CalculatorProps>,
  shadow: true,
  // The panel adopts its own sheet (the configurator's shadow root gets it the same way).
  styles: `${baseCss}.kc-title{font-size:22px;font-weight:700;margin:0 0 12px}`,
});
