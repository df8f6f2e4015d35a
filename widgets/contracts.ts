/**
 * Every widget's contract, in the order the docs list them. A new widget: its
 * `widgets/<name>/contract.ts` and one line here (and its line in widgets/loader.ts);
 * the tables of docs/partners.md "Widget contracts", /dla-partnerow, the snippet builder, custom-elements.json and
 * kserowo.d.ts follow, and tests/unit/contracts.test.ts checks the widget against it.
 * Never imported by widget code (the descriptions stay out of the bundles).
 */
import {
  type AttributeContract,
  COMMON_ATTRIBUTES,
  type WidgetContract,
  attributeName,
  propertyType,
} from './core/contract.ts';
import type { PropKind } from './core/define.ts';
import { contract as configurator } from './configurator/contract.ts';
import { contract as pricing } from './pricing/contract.ts';
import { contract as models } from './models/contract.ts';
import { contract as contact } from './contact/contract.ts';
import { contract as service } from './service/contract.ts';
import { contract as meter } from './meter/contract.ts';
import { contract as calculator } from './calculator/contract.ts';

export const contracts: readonly WidgetContract[] = [
  configurator,
  pricing,
  models,
  contact,
  service,
  meter,
  calculator,
];

export interface AttributeRow {
  /** The HTML attribute (`utm-source`). */
  name: string;
  /** The element's property (`utmSource`). */
  prop: string;
  kind: PropKind;
  /** TypeScript type of the property. */
  type: string;
  common: boolean;
  doc: AttributeContract;
}

/** The widget's attributes, its own first, then the common ones. */
export function attributeRows(contract: WidgetContract): AttributeRow[] {
  const own = contract.attributes as Record<string, AttributeContract>;
  const common = COMMON_ATTRIBUTES as Record<string, AttributeContract>;
  const names = [...Object.keys(own), ...Object.keys(contract.kinds).filter((p) => !(p in own))];
  return names.map((prop) => {
    const kind = contract.kinds[prop] ?? 'string';
    const doc = own[prop] ?? common[prop];
    if (!doc)
      throw new Error(`${contract.tag}: the attribute ${attributeName(prop)} has no description in its contract`);
    return { name: attributeName(prop), prop, kind, type: propertyType(kind, doc), common: !(prop in own), doc };
  });
}

/** Event name → the distinct `detail` types the widgets send under it. */
export function eventDetails(list: readonly WidgetContract[] = contracts): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of list)
    for (const [name, event] of Object.entries(c.events)) {
      const list = out.get(name) ?? [];
      if (!list.includes(event.detail)) list.push(event.detail);
      out.set(name, list);
    }
  return out;
}
