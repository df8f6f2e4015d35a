// The Node the project runs on (README "Requirements"): package.json's engines.node, and on Linux the
// registry's Node 24 of optionalDependencies in node_modules/.bin, first on the PATH of every npm script.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

describe('the Node it runs on', () => {
  it('is one engines.node allows', () => {
    // engines.node is "^A.B.C || >=D.E.F" (a Node 22 from A.B.C, or D.E.F and later).
    const ranges = pkg.engines.node.split('||').map((range) => /^\s*(\^|>=)(\d+)\.(\d+)\.(\d+)\s*$/.exec(range));
    expect(ranges.every(Boolean), `engines.node ${pkg.engines.node}: only ^x.y.z and >=x.y.z`).toBe(true);
    const have = process.versions.node.split('.').map(Number);
    const atLeast = (want: number[]) => {
      const first = have.findIndex((part, i) => part !== want[i]);
      return first === -1 || Number(have[first]) > Number(want[first]);
    };
    const allowed = ranges.some((range) => {
      const want = [Number(range?.[2]), Number(range?.[3]), Number(range?.[4])];
      return atLeast(want) && (range?.[1] === '>=' || have[0] === want[0]);
    });
    expect(allowed, `${process.version} against engines.node ${pkg.engines.node}`).toBe(true);
  });

  it('is, in node_modules/.bin, the Node 24 that package.json pins for this platform', () => {
    const binary = `node-${process.platform}-${process.arch}`;
    const pinned = pkg.optionalDependencies[binary];
    // No registry Node for this platform (macOS, Windows): npm scripts run the system's Node.
    if (!pinned) return;
    expect(pinned).toMatch(/^24\./);
    const bin = path.join(root, 'node_modules/.bin/node');
    expect(existsSync(bin), `${bin}: run npm ci`).toBe(true);
    expect(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim()).toBe(`v${pinned}`);
    // Both platforms pin the same version.
    expect(new Set(Object.values(pkg.optionalDependencies)).size).toBe(1);
  });
});
