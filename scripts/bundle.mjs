// esbuild steps the build scripts share: running a TypeScript module in Node, and
// writing a bundled asset under a content-hashed name.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { root } from './env.mjs';

export const hashOf = (text) => createHash('sha256').update(text).digest('hex').slice(0, 8);

/**
 * Bundles `options` (esbuild: `entryPoints` or `stdin`, plus any JSX/alias settings) for
 * Node into `.cache/<name>.mjs` and imports it fresh.
 */
export async function importForNode(name, options) {
  const cache = path.join(root, '.cache');
  mkdirSync(cache, { recursive: true });
  const outfile = path.join(cache, `${name}.mjs`);
  await esbuild.build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    ...options,
  });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}

/** Bundles and minifies `options` in memory and writes it into `dir` as `<prefix>.<hash>.<ext>`; returns that name. */
export async function writeHashed(dir, prefix, ext, options) {
  const result = await esbuild.build({ bundle: true, minify: true, write: false, ...options });
  const text = result.outputFiles[0].text;
  const name = `${prefix}.${hashOf(text)}.${ext}`;
  writeFileSync(path.join(dir, name), text);
  return name;
}

/**
 * Bundles `options` with code splitting (ES modules: each `import()` its own chunk, code
 * they share in chunks of its own) and writes every file into `dir` as `<prefix>.<hash>.js`
 * (the entry) and `<prefix>-<name>.<hash>.js` (the chunks). Returns the entry's file name.
 */
export async function writeSplit(dir, prefix, options) {
  const result = await esbuild.build({
    bundle: true,
    minify: true,
    write: false,
    splitting: true,
    format: 'esm',
    outdir: dir,
    entryNames: `${prefix}.[hash]`,
    chunkNames: `${prefix}-[name].[hash]`,
    metafile: true,
    ...options,
  });
  let entry;
  for (const file of result.outputFiles) {
    writeFileSync(file.path, file.text);
    const name = path.basename(file.path);
    if (name.startsWith(`${prefix}.`)) entry = name;
  }
  return entry;
}
