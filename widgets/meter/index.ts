/** Defines `<kserowo-meter>` (shadow DOM: see Meter.tsx for why). */
import { defineWidget } from '../core/define.ts';
import { commonProps } from '../core/widget-props.ts';
import { Meter, type MeterProps } from './Meter.tsx';
import { serviceCss } from '../service/styles.ts';

defineWidget<MeterProps>('kserowo-meter', Meter, {
  props: { ...commonProps, name: 'string', email: 'string', serial: 'string' },
  shadow: true,
  styles: serviceCss,
});

declare global {
  interface HTMLElementTagNameMap {
    'kserowo-meter': HTMLElement & { serial?: string };
  }
}
