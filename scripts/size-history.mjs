// The sizes of earlier commits, for the build's table (scripts/budgets.mjs): a build of a clean
// checkout records its rows in .cache/sizes/<commit>.json; every build compares with the newest
// recorded commit before the code it built (HEAD itself when the tree has changes, else HEAD's
// ancestors), so the table says what the change or the last commit did to each bundle.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rowKey } from './budgets.mjs';
import { root } from './env.mjs';

const dir = path.join(root, '.cache/sizes');
/** How far back to look for a recorded commit. */
const DEPTH = 200;

const git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
};

const fileOf = (commit) => path.join(dir, `${commit}.json`);

/**
 * Records `rows` for HEAD when the tree is clean, and returns the sizes to compare them with
 * (`{label, sizes}`), or undefined outside git or when no earlier build was recorded.
 */
export function compareWithHistory(rows) {
  const head = git('rev-parse', 'HEAD');
  if (!head) return undefined;
  const clean = git('status', '--porcelain') === '';
  const candidates = (git('rev-list', `--max-count=${DEPTH}`, clean ? 'HEAD~1' : 'HEAD') ?? '').split('\n');
  const base = candidates.find((c) => c && existsSync(fileOf(c)));
  if (clean) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(fileOf(head), JSON.stringify(Object.fromEntries(rows.map((r) => [rowKey(r), r.bytes]))));
  }
  if (!base) return undefined;
  return { label: base.slice(0, 7), sizes: JSON.parse(readFileSync(fileOf(base), 'utf8')) };
}
