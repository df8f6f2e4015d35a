/**
 * The price list's editor as a script of its own, loaded by the panel when the view is opened
 * (scripts/build.mjs `ADMIN_LAZY_VIEWS`): with it come the pricing widget of its preview and the
 * catalogue's rules, which no other view needs in the panel's first script.
 */
import { render } from 'preact';
import { CatalogueView } from './CatalogueView.tsx';
import type { SessionViewProps } from './view-props.ts';

export function mount(element: HTMLElement, props: SessionViewProps): () => void {
  render(<CatalogueView {...props} />, element);
  return () => render(null, element);
}
