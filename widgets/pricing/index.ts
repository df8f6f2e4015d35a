/** Defines `<kserowo-pricing>`. */
import { defineWidget } from '../core/define.ts';
import { Pricing, type PricingProps } from './Pricing.tsx';
import { pricingCss } from './styles.ts';
import { commonProps } from '../core/widget-props.ts';

defineWidget<PricingProps>('kserowo-pricing', Pricing, {
  props: { ...commonProps, type: 'string', configuratorUrl: 'string' },
  shadow: true,
  styles: pricingCss,
});

declare global {
  interface HTMLElementTagNameMap {
    'kserowo-pricing': HTMLElement & { type?: string; configuratorUrl?: string };
  }
}
