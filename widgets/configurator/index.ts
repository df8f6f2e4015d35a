/** Defines `<kserowo-configurator>`; its attributes, events and parts: ./contract.ts. */
import type { KindsFor } from '../core/contract.ts';
import { defineWidget } from '../core/define.ts';
import { Configurator, type ConfiguratorProps } from './Configurator.tsx';
import { props, tag } from './contract.ts';
import { configuratorCss } from './styles.ts';

defineWidget<ConfiguratorProps>(tag, Configurator, {
  props: props satisfies KindsFor<typeof props, ConfiguratorProps>,
  shadow: true,
  styles: configuratorCss,
});
