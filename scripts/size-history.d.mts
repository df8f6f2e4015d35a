import type { BudgetRow, SizesOf } from './budgets.mjs';
export declare function compareWithHistory(rows: BudgetRow[]): SizesOf | undefined;
