/**
 * Every widget's contract, in the order the docs list them. A new widget: its
 * `widgets/<name>/contract.ts` and one line here (and its line in widgets/loader.ts);
 * README tables, /dla-partnerow, the snippet builder, custom-elements.json and
 * kserowo.d.ts follow, and tests/unit/contracts.test.ts checks the widget against it.
 * Never imported by widget code (the descriptions stay out of the bundles).
 */
import type { WidgetContract } from './core/contract.ts';
import { contract as configurator } from './configurator/contract.ts';
import { contract as pricing } from './pricing/contract.ts';
import { contract as models } from './models/contract.ts';
import { contract as contact } from './contact/contract.ts';

export const contracts: readonly WidgetContract[] = [configurator, pricing, models, contact];
