// Gzipped size budgets of the widget files (issues 2 and 9). The build prints the
// table and fails when one is exceeded; tests/unit/budgets.test.ts proves it does.
import { gzipSync } from 'node:zlib';

/** KB (1024 bytes) gzipped. A widget's figure includes the non-runtime chunks it imports. */
export const BUDGETS_KB = {
  kserowo: 2,
  runtime: 12,
  pricing: 6,
  models: 8,
  contact: 8,
  configurator: 15,
};

export const gzipSize = (code) => gzipSync(code, { level: 9 }).length;

/**
 * Sizes per budgeted name from a Rollup bundle-like map
 * `{fileName: {type, name, code, imports}}`.
 * @returns {{name: string, file: string, bytes: number, budget: number | undefined}[]}
 */
export function measure(bundle) {
  const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const own = (c) => gzipSize(c.code);
  const rows = [];
  for (const chunk of chunks) {
    const name = chunk.fileName.split('.')[0];
    let bytes = own(chunk);
    if (name !== 'runtime' && name !== 'kserowo') {
      // Shared non-runtime code (e.g. validation) counts for every widget that needs it.
      for (const dep of chunk.imports ?? []) {
        const d = byFile.get(dep);
        if (d && !d.fileName.startsWith('runtime.')) bytes += own(d);
      }
    }
    rows.push({ name, file: chunk.fileName, bytes, budget: BUDGETS_KB[name] });
  }
  return rows.sort((a, b) => a.file.localeCompare(b.file));
}

/** The rows over budget. */
export const overBudget = (rows) => rows.filter((r) => r.budget !== undefined && r.bytes > r.budget * 1024);

export function formatTable(rows) {
  const lines = ['file                              gzip       budget  ', '--------------------------------  ---------  --------'];
  for (const r of rows) {
    const kb = `${(r.bytes / 1024).toFixed(2)} KB`;
    const budget = r.budget === undefined ? '—' : `${r.budget} KB`;
    const flag = r.budget !== undefined && r.bytes > r.budget * 1024 ? '  OVER BUDGET' : '';
    lines.push(`${r.file.padEnd(32)}  ${kb.padStart(9)}  ${budget.padStart(8)}${flag}`);
  }
  return lines.join('\n');
}

/** Rollup plugin: prints the table after writing and fails the build over budget. */
export function budgetPlugin({ log = console.log } = {}) {
  return {
    name: 'kserowo-budgets',
    writeBundle(_options, bundle) {
      const rows = measure(bundle);
      log(`\nWidget sizes (gzipped)\n${formatTable(rows)}\n`);
      const over = overBudget(rows);
      if (over.length > 0) {
        this.error(`Bundle budget exceeded: ${over.map((r) => `${r.file} ${(r.bytes / 1024).toFixed(2)} KB > ${r.budget} KB`).join(', ')}`);
      }
    },
  };
}
