// The codebase checks its own shape: a source file stays small enough to read in one sitting.
// A widget's file that grows past its limit is split into steps, parts or hooks; a product file
// of the worker or the site (tests, generated type declarations aside) is split by what its
// parts do, into modules of its feature folder (docs/layout.md).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 300;
const MAX_PRODUCT_LINES = 400;
/** Tests and generated type declarations (`wrangler types`) are not product code. */
const NOT_PRODUCT = /\.(test|spec)\.tsx?$|\.d\.ts$/;

const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

const linesOf = (file: string) => readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;

describe('widgets/', () => {
  it(`has no source file over ${MAX_LINES} lines`, () => {
    const files = sources('widgets');
    expect(files.length).toBeGreaterThan(20);
    const long = files.map((file) => ({ file, lines: linesOf(file) })).filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

describe('worker/ and site/', () => {
  const files = [...sources('worker'), ...sources('site')].filter((file) => !NOT_PRODUCT.test(file));

  it(`have no product file over ${MAX_PRODUCT_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(300);
    const long = files.map((file) => ({ file, lines: linesOf(file) })).filter((f) => f.lines > MAX_PRODUCT_LINES);
    expect(long).toEqual([]);
  });
});
