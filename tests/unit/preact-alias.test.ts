// React → Preact is one table (scripts/preact-alias.mjs) read by every bundler; the type
// checker's `paths` (tsconfig.json, JSON that cannot import it) must name the same modules.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PREACT_ALIAS, preactAliasEntries } from '../../scripts/preact-alias.mjs';

describe('the React → Preact alias table', () => {
  it("gives tsconfig.json's paths the types of the module each bundler puts in", () => {
    const { paths } = JSON.parse(readFileSync('tsconfig.json', 'utf8')).compilerOptions as {
      paths: Record<string, string[]>;
    };
    for (const [name, [types]] of Object.entries(paths)) {
      const target = PREACT_ALIAS[name];
      expect(target, name).toBeDefined();
      expect(types, name).toMatch(new RegExp(`^\\./node_modules/${target}[./]`));
    }
  });

  it('matches whole names only, so react-dom/client is not taken for react-dom', () => {
    const resolve = (id: string) => preactAliasEntries.find((e) => e.find.test(id))?.replacement;
    expect(resolve('react-dom/client')).toBe('preact/compat/client');
    expect(resolve('react-dom')).toBe('preact/compat');
    expect(resolve('react-dom-extra')).toBeUndefined();
  });
});
