// The codebase checks its own shape: a widget's source stays small enough to read
// in one sitting; a file that grows past the limit is split into steps, parts or hooks.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 300;

const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

describe('widgets/', () => {
  it(`has no source file over ${MAX_LINES} lines`, () => {
    const files = sources('widgets');
    expect(files.length).toBeGreaterThan(20);
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
