/** Defines `<kserowo-service>` (shadow DOM: see Service.tsx for why). */
import { defineWidget } from '../core/define.ts';
import { commonProps } from '../core/widget-props.ts';
import { Service, type ServiceProps } from './Service.tsx';
import { serviceCss } from './styles.ts';

defineWidget<ServiceProps>('kserowo-service', Service, {
  props: {
    ...commonProps,
    name: 'string',
    email: 'string',
    phone: 'string',
    company: 'string',
    nip: 'string',
    serial: 'string',
  },
  shadow: true,
  styles: serviceCss,
});

declare global {
  interface HTMLElementTagNameMap {
    'kserowo-service': HTMLElement & { serial?: string };
  }
}
