/**
 * The embed code marketing hands to a partner (DESIGN §2): the loader script and one
 * element with the chosen widget's attributes, partner and UTM values. Attribute
 * values are escaped, so whatever is typed cannot break out of the attribute.
 * The widgets and their own attributes come from their contracts (widgets/contracts.ts).
 */
import { type AttributeRow, attributeRows, contracts } from '../../widgets/contracts.ts';
import { escapeHtml } from '../../worker/admin-shared/html.ts';

/** Tag → the widget's Polish name, in the contracts' order. */
export const WIDGETS: Readonly<Record<string, string>> = Object.fromEntries(contracts.map((c) => [c.tag, c.title]));

export type WidgetTag = string;

/** The widget's own attributes (not partner, UTM or api-base), as its contract declares them. */
export function snippetFields(tag: WidgetTag): AttributeRow[] {
  const contract = contracts.find((c) => c.tag === tag);
  return contract ? attributeRows(contract).filter((row) => !row.common) : [];
}

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
