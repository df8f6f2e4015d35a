/**
 * The invoices register as a script of its own, loaded by the panel when the view is opened
 * (scripts/build.mjs `ADMIN_LAZY_VIEWS`): it renders into the element the panel gives it,
 * with its own Preact root, and answers how to take it down again.
 */
import { render } from 'preact';
import { InvoicesView } from './InvoicesView.tsx';
import type { SessionViewProps } from './view-props.ts';

export function mount(element: HTMLElement, props: SessionViewProps): () => void {
  render(<InvoicesView {...props} />, element);
  return () => render(null, element);
}
