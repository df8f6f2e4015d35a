/** Styles of `<kserowo-meter>` (shadow DOM): the theme's base and the service forms' kit. */
import { baseCss } from '../core/theme.ts';
import { serviceFormCss } from '../core/service-form-styles.ts';

/** While the link's device loads, the form keeps the viewport the page reserved for it (CLS 0). */
export const meterCss = `${baseCss}${serviceFormCss}.sf-hold{min-height:100vh}`;
