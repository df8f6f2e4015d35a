/**
 * The level of a widget's own headings (the pricing cards, the model cards): the partner's
 * `heading-level` (2–6), else one below the nearest heading before the widget on its page
 * (h3 under a section's h2, h2 right after a page's h1), so axe's heading-order holds
 * wherever it is placed. Without a page to look at (server rendering: our sections' h2), 3.
 */
import { hostOf } from './events.ts';

export type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export function headingTag(attribute: number | undefined, container: HTMLElement | ShadowRoot | undefined): HeadingTag {
  if (attribute && attribute >= 2 && attribute <= 6) return `h${Math.floor(attribute)}` as HeadingTag;
  const host = hostOf(container);
  if (!host) return 'h3';
  let level = 2;
  for (const h of (host.getRootNode() as ParentNode).querySelectorAll('h1,h2,h3,h4,h5,h6'))
    if (h.compareDocumentPosition(host) & Node.DOCUMENT_POSITION_FOLLOWING && !h.closest('[hidden]'))
      level = Number(h.localName[1]) + 1;
  return `h${Math.min(6, Math.max(2, level))}` as HeadingTag;
}
