/** Defines `<kserowo-contact>` (open shadow root: see Contact.tsx for why); its contract: ./contract.ts. */
import type { KindsFor } from '../core/contract.ts';
import { defineWidget } from '../core/define.ts';
import { Contact, type ContactProps } from './Contact.tsx';
import { props, tag } from './contract.ts';
import { contactCss } from './styles.ts';

defineWidget<ContactProps>(tag, Contact, {
  props: props satisfies KindsFor<typeof props, ContactProps>,
  shadow: true,
  styles: contactCss,
});
