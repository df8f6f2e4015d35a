// After a merge that brought files moved elsewhere: every relative import (or any quoted relative
// path) naming a file that no longer exists, but that git records as renamed, is rewritten to the
// file's place now, relative to the importing file. The moves are git's own renames: those of
// HEAD's history and those staged but not yet committed, followed through chains (a → b → c).
// A file your branch added in a folder that moved stays where it is: move it by hand, then run
// this again. Run from the repository root: node scripts/fix-imports.mjs [--dry]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dry = process.argv.includes('--dry');
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** old path → new path, oldest rename first, so a later one continues an earlier. */
const moves = new Map();
const renames = [
  git('log', '--reverse', '-M', '--diff-filter=R', '--name-status', '--format=', 'HEAD'),
  git('diff', '--cached', '-M', '--diff-filter=R', '--name-status'),
].join('\n');
for (const line of renames.split('\n')) {
  const [status, from, to] = line.split('\t');
  if (status?.startsWith('R') && from && to) moves.set(from, to);
}
/** new path → the path it had before its last move, for the imports a moved file wrote from its old place. */
const before = new Map([...moves].map(([from, to]) => [to, from]));
/** Where `file` is now: followed through every later rename, as long as the result exists. */
const nowAt = (file) => {
  const seen = new Set();
  let at = file;
  while (moves.has(at) && !seen.has(at)) {
    seen.add(at);
    at = moves.get(at);
  }
  return at !== file && existsSync(at) ? at : undefined;
};

const files = git('ls-files', '--cached', '--others', '--exclude-standard')
  .split('\n')
  .filter((f) => /\.(ts|tsx|mts|mjs|js|md)$/.test(f) && existsSync(f) && !f.endsWith('worker-configuration.d.ts'));
let count = 0;
for (const file of files) {
  const code = readFileSync(file, 'utf8');
  const out = code.replace(
    /(['"(])(\.\.?\/[^'"()\n*]*?)(\?[^'"()\n]*)?(['")])/g,
    (whole, open, spec, query = '', close) => {
      if ((open === '(') !== (close === ')')) return whole;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      if (existsSync(target)) return whole;
      // A moved file's own imports were written from where it was.
      const old = before.has(file)
        ? path.posix.normalize(path.posix.join(path.posix.dirname(before.get(file)), spec))
        : '';
      const moved = nowAt(target) ?? (old && (existsSync(old) ? old : nowAt(old)));
      if (!moved) return whole;
      let next = path.posix.relative(path.posix.dirname(file), moved);
      if (!next.startsWith('.')) next = `./${next}`;
      count++;
      console.log(`${file}: ${spec} → ${next}`);
      return `${open}${next}${query}${close}`;
    },
  );
  if (!dry && out !== code) writeFileSync(file, out);
}
console.log(`${count} paths ${dry ? 'to rewrite' : 'rewritten'}`);
