import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUDGETS_KB, budgetPlugin, measure, overBudget } from '../../scripts/budgets.mjs';

/** Incompressible text of about `kb` KB gzipped. */
const noise = (kb: number) => `export const x = "${randomBytes(kb * 1024).toString('base64')}";`;

const chunk = (fileName: string, code: string, imports: string[] = []) => ({ type: 'chunk', fileName, name: fileName.split('.')[0], code, imports });

describe('bundle budgets', () => {
  it('are the ones of the issues', () => {
    expect(BUDGETS_KB).toMatchObject({ kserowo: 2, runtime: 12, pricing: 6, models: 8, contact: 8, configurator: 15 });
  });

  it('count shared non-runtime chunks for each widget that imports them', () => {
    const bundle = {
      'contact.1.js': chunk('contact.1.js', noise(3), ['validation.2.js', 'runtime.3.js']),
      'validation.2.js': chunk('validation.2.js', noise(3)),
      'runtime.3.js': chunk('runtime.3.js', noise(10)),
    };
    const contact = measure(bundle).find((r) => r.name === 'contact');
    expect(contact!.bytes).toBeGreaterThan(6 * 1024);
    expect(contact!.bytes).toBeLessThan(7.5 * 1024);
  });

  it('fail the build when a chunk is over budget', () => {
    const bundle = { 'pricing.abc.js': chunk('pricing.abc.js', noise(7)), 'kserowo.def.js': chunk('kserowo.def.js', 'export{}') };
    expect(overBudget(measure(bundle)).map((r) => r.name)).toEqual(['pricing']);
    const plugin = budgetPlugin({ log: () => {} });
    const context = { error: (message: string) => { throw new Error(message); } };
    expect(() => plugin.writeBundle.call(context, {}, bundle)).toThrow(/Bundle budget exceeded: pricing\.abc\.js/);
  });

  it('pass a build within budget', () => {
    const bundle = { 'pricing.abc.js': chunk('pricing.abc.js', noise(2)) };
    const plugin = budgetPlugin({ log: () => {} });
    const context = { error: (message: string) => { throw new Error(message); } };
    expect(() => plugin.writeBundle.call(context, {}, bundle)).not.toThrow();
  });
});
