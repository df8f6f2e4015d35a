import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUDGETS_KB,
  budgetPlugin,
  checkBudgets,
  delta,
  formatTable,
  measure,
  measureSite,
  overBudget,
  pageAssets,
  pathOfPage,
} from '../../scripts/budgets.mjs';

/** Incompressible text of about `kb` KB gzipped. */
const random = (kb: number) => randomBytes(kb * 1024).toString('base64');
const noise = (kb: number) => `export const x = "${random(kb)}";`;

const chunk = (fileName: string, code: string, imports: string[] = []) => ({
  type: 'chunk',
  fileName,
  name: fileName.split('.')[0],
  code,
  imports,
});

const quiet = { log: () => {} };

describe('bundle budgets', () => {
  it('are the ones of the issues', () => {
    expect(BUDGETS_KB).toMatchObject({
      kserowo: 2,
      runtime: 12,
      pricing: 6,
      models: 8,
      contact: 8,
      configurator: 16,
      site: 4,
      css: 15,
      admin: 24,
      adminTab: 16,
    });
  });

  describe('against an earlier commit', () => {
    const rows = [
      { name: 'pricing', file: 'pricing.abc.js', bytes: 5 * 1024 + 123, budget: 6 },
      { name: 'admin', file: 'assets/admin.def.js', bytes: 40 * 1024, budget: 48 },
      { name: 'css', file: 'css /', bytes: 7000, budget: 15 },
      { name: 'service', file: 'service.123.js', bytes: 9000, budget: 12 },
    ];
    const previous = { label: '1d07397', sizes: { pricing: 5 * 1024, admin: 42 * 1024, 'css /': 7000 } };

    it('print how much each row grew or shrank, and which rows are new', () => {
      const lines = formatTable(rows, previous).split('\n');
      expect(lines[0]).toMatch(/vs 1d07397/);
      expect(lines.find((l) => l.startsWith('pricing.abc.js'))).toMatch(/5\.12 KB +6 KB +\+0\.12 KB$/);
      expect(lines.find((l) => l.startsWith('assets/admin'))).toMatch(/−2\.00 KB$/);
      expect(lines.find((l) => l.startsWith('css /'))).toMatch(/±0$/);
      expect(lines.find((l) => l.startsWith('service'))).toMatch(/new$/);
    });

    it('leave the column out when no earlier build is known', () => {
      expect(formatTable(rows)).not.toMatch(/vs |new|±/);
      expect(delta(100, undefined)).toBe('new');
      expect([delta(1004, 1000), delta(1000, 1004)]).toEqual(['+4 B', '−4 B']);
    });
  });

  describe('of the widgets', () => {
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
      const bundle = {
        'pricing.abc.js': chunk('pricing.abc.js', noise(7)),
        'kserowo.def.js': chunk('kserowo.def.js', 'export{}'),
      };
      expect(overBudget(measure(bundle)).map((r) => r.name)).toEqual(['pricing']);
      const plugin = budgetPlugin(quiet);
      const context = {
        error: (message: string) => {
          throw new Error(message);
        },
      };
      expect(() => plugin.writeBundle.call(context, {}, bundle)).toThrow(/Bundle budget exceeded: pricing\.abc\.js/);
    });

    it('pass a build within budget', () => {
      const bundle = { 'pricing.abc.js': chunk('pricing.abc.js', noise(2)) };
      const plugin = budgetPlugin(quiet);
      const context = {
        error: (message: string) => {
          throw new Error(message);
        },
      };
      expect(() => plugin.writeBundle.call(context, {}, bundle)).not.toThrow();
    });
  });

  describe('of the site', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'kserowo-budgets-'));
      mkdirSync(path.join(dir, 'assets'));
      mkdirSync(path.join(dir, 'miasto'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const page = (
      file: string,
      { css = ['/assets/site.css'], inline = [] as string[], scripts = ['/assets/site.js'] } = {},
    ) =>
      writeFileSync(
        path.join(dir, file),
        `<!doctype html><html><head>${css.map((h) => `<link rel="stylesheet" href="${h}">`).join('')}` +
          `<script type="module" src="/widgets/v1/kserowo.js"></script>${scripts.map((s) => `<script type="module" src="${s}"></script>`).join('')}</head>` +
          `<body><kserowo-pricing><template shadowrootmode="open">${inline.map((c) => `<style>${c}</style>`).join('')}</template></kserowo-pricing></body></html>`,
      );
    const asset = (name: string, text: string) => writeFileSync(path.join(dir, 'assets', name), text);

    it('name pages by their path', () => {
      expect(['index.html', 'kontakt.html', 'miasto/bytow.html', 'miasto/index.html'].map(pathOfPage)).toEqual([
        '/',
        '/kontakt',
        '/miasto/bytow',
        '/miasto',
      ]);
    });

    it('read the stylesheets, inline styles and site scripts of a page, leaving out the widget script', () => {
      const html = `<link href="/a.css" rel="stylesheet"><link rel="icon" href="/f.svg"><script src="/widgets/v1/kserowo.js"></script><script src="/assets/site.js"></script><script type="application/json">{}</script><style>b{}</style>`;
      expect(pageAssets(html)).toEqual({ stylesheets: ['/a.css'], scripts: ['/assets/site.js'], inlineCss: ['b{}'] });
    });

    it('measure the site script once for the pages sharing it, and the CSS of every page', () => {
      asset('site.css', `body{color:red}`);
      asset('site.js', `console.log(1)`);
      page('index.html', { inline: ['.card{color:blue}'] });
      page('kontakt.html');
      page('miasto/bytow.html');
      const rows = measureSite(dir);
      expect(rows.map((r) => r.file)).toEqual(['assets/site.js', 'css /', 'css /kontakt', 'css /miasto/bytow']);
      expect(rows[0]!.pages).toEqual(['/', '/kontakt', '/miasto/bytow']);
      expect(rows[1]!.bytes).toBeGreaterThan(rows[2]!.bytes);
      expect(overBudget(rows)).toEqual([]);
      expect(() => checkBudgets(rows, quiet)).not.toThrow();
    });

    it('fail the build when the site script is over 4 KB', () => {
      asset('site.css', `body{color:red}`);
      asset('site.js', `const x = "${random(4.5)}";`);
      page('index.html');
      const rows = measureSite(dir);
      expect(overBudget(rows).map((r) => r.file)).toEqual(['assets/site.js']);
      expect(() => checkBudgets(rows, quiet)).toThrow(
        /Bundle budget exceeded: assets\/site\.js .* > 4 KB \(pages \/\)/,
      );
    });

    it('fail the build when the CSS of one page, linked and inline together, is over 15 KB', () => {
      asset('site.css', `body{background:url(data:,${random(9)})}`);
      asset('site.js', `console.log(1)`);
      page('index.html', { inline: [`.card{background:url(data:,${random(7)})}`] });
      page('kontakt.html');
      const rows = measureSite(dir);
      expect(overBudget(rows).map((r) => r.file)).toEqual(['css /']);
      const lines: string[] = [];
      expect(() => checkBudgets(rows, { log: (l) => lines.push(l) })).toThrow(
        /Bundle budget exceeded: css \/ 1\d\.\d\d KB > 15 KB/,
      );
      expect(lines.join('\n')).toMatch(/css \/ +1\d\.\d\d KB +15 KB +OVER BUDGET/);
    });

    it('fail the build when the admin script is over its budget', () => {
      asset('site.css', `body{color:red}`);
      asset('admin.js', `const x = "${random(BUDGETS_KB.admin! + 1)}";`);
      page('admin.html', { scripts: ['/assets/admin.js'] });
      const rows = measureSite(dir);
      expect(rows[0]).toMatchObject({ name: 'admin', budget: BUDGETS_KB.admin, pages: ['/admin'] });
      expect(() => checkBudgets(rows, quiet)).toThrow(/Bundle budget exceeded: assets\/admin\.js/);
    });

    it("count the admin panel's start with every chunk it imports statically, and each tab it loads on demand apart", () => {
      asset('site.css', `body{color:red}`);
      asset('admin-chunk.A.js', `export const shared = "${random(3)}";`);
      asset('admin-LeadsView.B.js', `import{shared as s}from"./admin-chunk.A.js";export const v = "${random(2)}" + s;`);
      asset('admin-Big.C.js', `import"./admin-chunk.A.js";export const v = "${random(BUDGETS_KB.adminTab! + 1)}";`);
      asset(
        'admin.js',
        `import{shared}from"./admin-chunk.A.js";const t={a:()=>import("./admin-LeadsView.B.js"),b:()=>import("./admin-Big.C.js")};`,
      );
      page('admin.html', { scripts: ['/assets/admin.js'] });
      const rows = measureSite(dir).filter((r) => r.name.startsWith('admin'));
      const kb = (r: { bytes: number }) => Math.round(r.bytes / 1024);
      // The start: the entry and the shared chunk (3 KB); a tab: its own file only, the shared chunk being loaded already.
      expect(rows.map((r) => [r.file, kb(r)])).toEqual([
        ['assets/admin.js', 3],
        ['assets/admin-Big.C.js', BUDGETS_KB.adminTab! + 1],
        ['assets/admin-LeadsView.B.js', 2],
      ]);
      expect(overBudget(rows).map((r) => r.file)).toEqual(['assets/admin-Big.C.js']);
    });

    it('fail the build when a page links a stylesheet the build did not write', () => {
      page('index.html', { css: ['/assets/missing.css'], scripts: [] });
      expect(() => measureSite(dir)).toThrow(/\/assets\/missing\.css/);
    });
  });
});
