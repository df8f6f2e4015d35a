/** Defines `<kserowo-contact>` (open shadow root: see Contact.tsx for why). */
import { defineWidget } from '../core/define.ts';
import { commonProps } from '../core/widget-props.ts';
import { Contact, type ContactProps } from './Contact.tsx';
import { contactCss } from './styles.ts';

defineWidget<ContactProps>('kserowo-contact', Contact, { props: commonProps, shadow: true, styles: contactCss });

declare global {
  interface HTMLElementTagNameMap {
    'kserowo-contact': HTMLElement;
  }
}
