/** Styles of `<kserowo-service>` (shadow DOM): the theme's base and the service forms' kit. */
import { baseCss } from '../core/theme.ts';
import { serviceFormCss } from '../core/service-form-styles.ts';

export const serviceCss = `${baseCss}${serviceFormCss}`;
