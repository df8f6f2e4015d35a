/** Defines `<kserowo-configurator>`. */
import { defineWidget } from '../core/define.ts';
import { Configurator, type ConfiguratorProps } from './Configurator.tsx';
import { configuratorCss } from './styles.ts';
import { commonProps } from '../core/widget-props.ts';

defineWidget<ConfiguratorProps>('kserowo-configurator', Configurator, {
  props: { ...commonProps, device: 'string', package: 'string', syncUrl: 'boolean' },
  shadow: true,
  styles: configuratorCss,
});

declare global {
  interface HTMLElementTagNameMap {
    'kserowo-configurator': HTMLElement & { device?: string; package?: string; syncUrl?: boolean };
  }
}
