// Our custom elements in the site's TSX (rendered to static HTML by the build).
import 'preact';

type WidgetAttributes = preact.JSX.HTMLAttributes<HTMLElement> & Record<string, unknown>;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'kserowo-pricing': WidgetAttributes;
      'kserowo-models': WidgetAttributes;
      'kserowo-contact': WidgetAttributes;
      'kserowo-configurator': WidgetAttributes;
      'kserowo-service': WidgetAttributes;
      'kserowo-meter': WidgetAttributes;
      'kserowo-calculator': WidgetAttributes;
    }
  }
}
