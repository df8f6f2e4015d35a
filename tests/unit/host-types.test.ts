/**
 * The generated kserowo.d.ts (scripts/contracts.ts) for hosts: `tsc` type-checks a plain
 * TypeScript page and a React 19 component (real @types/react) against it. The fixtures'
 * `@ts-expect-error` lines are wrong uses (a value outside the contract, an attribute of
 * another widget); tsc fails when the declarations let one of them through.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostDeclarations } from '../../scripts/contracts.ts';

const root = path.resolve(import.meta.dirname, '../..');
// Inside the repository, so that `react` and `@types/react` resolve from its node_modules.
const dir = path.join(root, '.cache/host-types');

describe('kserowo.d.ts for hosts', () => {
  it('type-checks a TypeScript host and a React 19 host, and rejects wrong values', () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    cpSync(path.join(root, 'tests/fixtures/host'), dir, { recursive: true });
    writeFileSync(path.join(dir, 'kserowo.d.ts'), hostDeclarations());
    // events-agree.ts reaches widgets/core/events.ts through this link-free relative path.
    mkdirSync(path.join(dir, 'widgets/core'), { recursive: true });
    cpSync(path.join(root, 'widgets/core/events.ts'), path.join(dir, 'widgets/core/events.ts'));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          allowImportingTsExtensions: true,
          types: [],
        },
        files: ['kserowo.d.ts', 'dom-host.ts', 'react-host.tsx', 'events-agree.ts'],
      }),
    );
    let output = '';
    try {
      execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
        encoding: 'utf8',
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
    // A tsc run: 11–32 s with the load average at 14–28, more at 48; 300 s holds.
  }, 300_000);
});
