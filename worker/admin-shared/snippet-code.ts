/**
 * The embed code (DESIGN §2): the loader script and one element with the widget's attributes,
 * partner and UTM values, escaped so whatever is typed cannot break out of an attribute. Used by
 * the panel's snippet builder (site/admin/snippet.ts) and the partner's own page (/partner).
 */
import { escapeHtml } from './html.ts';

export type WidgetTag = string;

export interface SnippetChoice {
  tag: WidgetTag;
  partner: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  /** Widget attributes of its own (e.g. `type`, `limit`, `filters`, `device`, `package`). */
  extra: Record<string, string | boolean>;
}

/** The longest partner id or UTM value the snippet builder writes. */
export const SNIPPET_VALUE_MAX = 60;

const CLEAN_VALUE = new RegExp(`^[\\w.-]{0,${SNIPPET_VALUE_MAX}}$`);

/** Partner ids and UTM values: letters, digits, `-`, `_`, `.`; at most SNIPPET_VALUE_MAX characters. */
export const isCleanValue = (value: string) => CLEAN_VALUE.test(value.trim());

/**
 * Attributes in the order they are written: own attributes first, then partner and UTM. A
 * partner or UTM value the builder warns about (a space, 'ń', a quote) is left out of the code:
 * what a partner pastes is only ever what we attribute.
 */
export function snippetAttributes(choice: SnippetChoice): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(choice.extra)) {
    if (value === true) out.push([name, '']);
    else if (typeof value === 'string' && value.trim()) out.push([name, value.trim()]);
  }
  const common: [string, string][] = [
    ['partner', choice.partner],
    ['utm-source', choice.utmSource],
    ['utm-medium', choice.utmMedium],
    ['utm-campaign', choice.utmCampaign],
  ];
  for (const [name, value] of common) if (value.trim() && isCleanValue(value)) out.push([name, value.trim()]);
  return out;
}

/** The two lines to paste: the loader from `origin` and the element. */
export function snippetCode(origin: string, choice: SnippetChoice): string {
  const attrs = snippetAttributes(choice)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  return `<script type="module" src="${escapeHtml(origin)}/widgets/v1/kserowo.js"></script>\n<${choice.tag}${attrs}></${choice.tag}>`;
}

/** A pinned build of the loader: its hashed file and SRI hash (the widgets' manifest). */
export interface PinnedLoader {
  file: string;
  integrity: string;
}

/** The same two lines with the loader pinned to one build and its SRI hash (docs/partners.md "Pinning"). */
export function pinnedSnippetCode(origin: string, pinned: PinnedLoader, choice: SnippetChoice): string {
  const element = snippetCode(origin, choice).split('\n')[1] ?? '';
  return `<script type="module" src="${escapeHtml(origin)}/widgets/v1/${escapeHtml(pinned.file)}"\n  integrity="${escapeHtml(pinned.integrity)}" crossorigin="anonymous"></script>\n${element}`;
}
