export declare const BUDGETS_KB: Record<string, number>;
export interface BudgetRow { name: string; file: string; bytes: number; budget: number | undefined }
export declare function gzipSize(code: string): number;
export declare function measure(bundle: Record<string, unknown>): BudgetRow[];
export declare function overBudget(rows: BudgetRow[]): BudgetRow[];
export declare function formatTable(rows: BudgetRow[]): string;
export declare function budgetPlugin(options?: { log?: (line: string) => void }): {
  name: string;
  writeBundle(this: { error(message: string): never | void }, options: unknown, bundle: Record<string, unknown>): void;
};
