export declare const BUDGETS_KB: Record<string, number>;
export interface BudgetRow {
  name: string;
  file: string;
  bytes: number;
  budget: number | undefined;
  pages?: string[];
}
export declare function gzipSize(code: string | Uint8Array): number;
export declare function measure(bundle: Record<string, unknown> | unknown[]): BudgetRow[];
export declare function pathOfPage(file: string): string;
export declare function pageAssets(html: string): { stylesheets: string[]; scripts: string[]; inlineCss: string[] };
export declare function measureSite(publicDir: string): BudgetRow[];
export declare function overBudget(rows: BudgetRow[]): BudgetRow[];
export interface SizesOf {
  /** The commit the sizes were measured at (short hash). */
  label: string;
  /** Bytes per `rowKey`. */
  sizes: Record<string, number>;
}
export declare function rowKey(row: BudgetRow): string;
export declare function delta(bytes: number, before: number | undefined): string;
export declare function formatTable(rows: BudgetRow[], previous?: SizesOf): string;
export declare function checkBudgets(
  rows: BudgetRow[],
  options?: { log?: (line: string) => void; previous?: SizesOf | undefined },
): void;
export declare function budgetPlugin(options?: { log?: (line: string) => void }): {
  name: string;
  writeBundle(this: { error(message: string): never | void }, options: unknown, bundle: Record<string, unknown>): void;
};
