/** Defines `<kserowo-service>` (shadow DOM: see Service.tsx for why); its contract: ./contract.ts. */
import type { KindsFor } from '../core/contract.ts';
import { defineWidget } from '../core/define.ts';
import { props, tag } from './contract.ts';
import { Service, type ServiceProps } from './Service.tsx';
import { serviceCss } from './styles.ts';

defineWidget<ServiceProps>(tag, Service, {
  props: props satisfies KindsFor<typeof props, ServiceProps>,
  shadow: true,
  styles: serviceCss,
});
