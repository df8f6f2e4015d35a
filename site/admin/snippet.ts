/**
 * The embed code marketing hands to a partner (DESIGN §2): the loader script and one
 * element with the chosen widget's attributes, partner and UTM values. Attribute
 * values are escaped, so whatever is typed cannot break out of the attribute.
 * The widgets and their own attributes come from their contracts (widgets/contracts.ts).
 */
import { type AttributeRow, attributeRows, contracts } from '../../widgets/contracts.ts';

/** Tag → the widget's Polish name, in the contracts' order. */
export const WIDGETS: Readonly<Record<string, string>> = Object.fromEntries(contracts.map((c) => [c.tag, c.title]));

export type WidgetTag = string;

/** The widget's own attributes (not partner, UTM or api-base), as its contract declares them. */
export function snippetFields(tag: WidgetTag): AttributeRow[] {
  const contract = contracts.find((c) => c.tag === tag);
  return contract ? attributeRows(contract).filter((row) => !row.common) : [];
}

// The code itself is shared with the partner's own page /partner (worker/partners/page.tsx).
export {
  SNIPPET_VALUE_MAX,
  type SnippetChoice,
  isCleanValue,
  snippetAttributes,
  snippetCode,
} from '../../worker/admin-shared/snippet-code.ts';
