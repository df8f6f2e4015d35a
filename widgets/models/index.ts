/** Defines `<kserowo-models>`. */
import { defineWidget } from '../core/define.ts';
import { Models, type ModelsProps } from './Models.tsx';
import { modelsCss } from './styles.ts';
import { commonProps } from '../core/widget-props.ts';

defineWidget<ModelsProps>('kserowo-models', Models, {
  props: {
    ...commonProps,
    limit: 'number',
    order: 'string',
    filters: 'boolean',
    configuratorUrl: 'string',
    syncUrl: 'boolean',
  },
  shadow: true,
  styles: modelsCss,
});

declare global {
  interface HTMLElementTagNameMap {
    'kserowo-models': HTMLElement & {
      limit?: number;
      order?: string;
      filters?: boolean;
      configuratorUrl?: string;
      syncUrl?: boolean;
    };
  }
}
