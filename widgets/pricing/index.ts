/** Defines `<kserowo-pricing>`; its attributes, events and parts: ./contract.ts. */
import type { KindsFor } from '../core/contract.ts';
import { defineWidget } from '../core/define.ts';
import { props, tag } from './contract.ts';
import { Pricing, type PricingProps } from './Pricing.tsx';
import { pricingCss } from './styles.ts';

defineWidget<PricingProps>(tag, Pricing, {
  props: props satisfies KindsFor<typeof props, PricingProps>,
  shadow: true,
  styles: pricingCss,
});
