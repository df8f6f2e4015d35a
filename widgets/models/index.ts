/** Defines `<kserowo-models>`; its attributes, events and parts: ./contract.ts. */
import type { KindsFor } from '../core/contract.ts';
import { defineWidget } from '../core/define.ts';
import { props, tag } from './contract.ts';
import { Models, type ModelsProps } from './Models.tsx';
import { modelsCss } from './styles.ts';

defineWidget<ModelsProps>(tag, Models, {
  props: props satisfies KindsFor<typeof props, ModelsProps>,
  shadow: true,
  styles: modelsCss,
});
