/**
 * Contract agreement: each widget's contract (widgets/<name>/contract.ts) against what the
 * widget really does and everything that documents it. Fails when a part in the markup, an
 * emitted event, a custom property the styles read, a tag of the loader, the tables of docs/partners.md,
 * the partner page, the snippet builder or the generated files disagree with the contracts.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { PartnersPage } from '../../site/pages/partners.tsx';
import { WIDGETS, snippetAttributes, snippetFields } from '../../site/admin/snippet.ts';
import { THEME_PROPERTIES, attributeName } from '../../widgets/core/contract.ts';
import { attributeRows, contracts, eventDetails } from '../../widgets/contracts.ts';
import { SHORT_CACHE, widgetHeaders } from '../../scripts/widget-headers.mjs';
import { securityHeaders } from '../../widgets/core/headers.ts';
import {
  DTS_FILE,
  MANIFEST_FILE,
  README_END,
  README_START,
  customElementsManifest,
  hostDeclarations,
  readmeSection,
} from '../../scripts/contracts.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Every source file under a folder of widgets/, recursively (a widget may be split in several). */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return sources(file);
    // A widget's component tests (*.spec.ts) sit beside it but are not its markup.
    return /\.tsx?$/.test(name) && name !== 'contract.ts' && !name.endsWith('.spec.ts') ? [file] : [];
  });
}
const all = (re: RegExp, text: string) => new Set([...text.matchAll(re)].map((m) => m[1] as string));
const sorted = (set: Iterable<string>) => [...set].sort();

/** Tag → folder, from the loader's dynamic imports. */
const loaderTags = new Map(
  [...read('widgets/loader.ts').matchAll(/'(kserowo-[a-z-]+)': \(\) => import\('\.\/([a-z-]+)\/index\.ts'\)/g)].map(
    (m) => [m[1] as string, m[2] as string],
  ),
);

describe('the widget contracts', () => {
  it('cover exactly the tags the loader defines, and every widget folder has one', () => {
    expect(sorted(contracts.map((c) => c.tag))).toEqual(sorted(loaderTags.keys()));
    const folders = readdirSync(path.join(root, 'widgets'), { withFileTypes: true })
      // core/contract.ts is the shape, not a widget.
      .filter(
        (f) =>
          f.isDirectory() &&
          f.name !== 'core' &&
          readdirSync(path.join(root, 'widgets', f.name)).includes('contract.ts'),
      )
      .map((f) => f.name);
    expect(sorted(folders)).toEqual(sorted(loaderTags.values()));
  });

  for (const contract of contracts) {
    const folder = `widgets/${loaderTags.get(contract.tag)}`;
    const files = sources(folder);
    const code = files.map(read).join('\n');

    describe(`<${contract.tag}>`, () => {
      it('is defined from its contract: the same tag and exactly the attributes the contract declares', async () => {
        const module = (await import(/* @vite-ignore */ path.join(root, folder, 'contract.ts'))) as {
          tag: string;
          props: object;
        };
        expect(module.tag).toBe(contract.tag);
        expect(module.props).toBe(contract.kinds);
        const index = read(`${folder}/index.ts`);
        expect(index).toMatch(/import \{ props, tag \} from '\.\/contract\.ts';/);
        expect(index).toMatch(/defineWidget<\w+>\(tag, \w+, \{\s+props: props satisfies KindsFor/);
        // The element observes the dashed props (widgets/core/define.ts); each one is documented.
        const observed = Object.keys(module.props).map(attributeName);
        expect(sorted(observed)).toEqual(sorted(attributeRows(contract).map((r) => r.name)));
      });

      it('lists every part="…" of its markup, and no other', () => {
        // The service forms render their frame from the form kit.
        const kit = /from '\.\.\/core\/service-form\.tsx'/.test(code) ? read('widgets/core/service-form.tsx') : '';
        // A piece of the widget kit (widgets/kit/) rendered by the widget itself counts as its
        // markup; one only inside a panel loaded on demand (import('./…')), or named only for a
        // type, does not.
        const lazy = all(/import\('\.\/([^']+)'\)/g, code);
        const eager = files
          .filter((f) => !lazy.has(path.basename(f)))
          .map(read)
          .join('\n');
        const pieces = [...all(/^import (?!type )[^;]*?from '\.\.\/kit\/([a-z-]+)\//gm, eager)].flatMap((k) =>
          sources(`widgets/kit/${k}`),
        );
        const kitPieces = pieces.map(read).join('\n');
        expect(sorted(all(/\bpart="([^"]+)"/g, code + kit + kitPieces))).toEqual(sorted(contract.parts));
      });

      it('lists every event it emits (and kserowo:error of the error boundary), and no other', () => {
        const emitted = all(/emit\([^,]+,\s*'(kserowo:[a-z-]+)'/g, code);
        emitted.add('kserowo:error');
        expect(sorted(Object.keys(contract.events))).toEqual(sorted(emitted));
      });

      it('lists every --kserowo-* custom property its styles read, and no other', () => {
        // Shadow widgets build on the theme's base styles.
        const theme = /from '\.\.\/core\/theme\.ts'/.test(code) ? read('widgets/core/theme.ts') : '';
        const used = all(/var\((--kserowo-[a-z-]+)/g, code + theme);
        expect(sorted(contract.cssProperties)).toEqual(sorted(used));
      });

      it('gives allowed values and defaults only where they make sense', () => {
        for (const row of attributeRows(contract)) {
          if (row.doc.default && row.doc.values) expect(Object.keys(row.doc.values)).toContain(row.doc.default);
          if (row.kind === 'boolean') expect(row.doc.values).toBeUndefined();
          expect(row.doc.text.length).toBeGreaterThan(10);
        }
      });
    });
  }

  it('documents every custom property of the theme that a widget reads, and only those', () => {
    const used = new Set(contracts.flatMap((c) => c.cssProperties));
    expect(sorted(Object.keys(THEME_PROPERTIES))).toEqual(sorted(used));
  });
});

describe('what is generated from the contracts', () => {
  it('the section of docs/partners.md between the markers is the generated one (npm run build refreshes it)', () => {
    const readme = read('docs/partners.md');
    const start = readme.indexOf(README_START);
    const end = readme.indexOf(README_END);
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start, end + README_END.length)).toBe(readmeSection());
    for (const c of contracts) {
      expect(readme).toContain(`\`<${c.tag}>\``);
      for (const part of c.parts) expect(readmeSection([c])).toContain(`\`${part}\``);
    }
  });

  it('the partner page names every widget, attribute, event and part', () => {
    const html = renderToString(<PartnersPage pinned={undefined} />);
    for (const c of contracts) {
      expect(html).toContain(`&lt;${c.tag}>`);
      expect(html).toContain(c.description);
      for (const row of attributeRows(c)) expect(html).toContain(`<code>${row.name}</code>`);
      for (const event of Object.keys(c.events)) expect(html).toContain(`<code>${event}</code>`);
      for (const part of c.parts) expect(html).toContain(`<code>${part}</code>`);
    }
    // The configurator's eight parts, which the hand-written page once left out.
    const parts = html.slice(html.indexOf('Części (::part)'));
    expect(parts).toContain('<code>kserowo-configurator</code>');
    for (const name of Object.keys(THEME_PROPERTIES)) expect(html).toContain(`<code>${name}</code>`);
    for (const [name, details] of eventDetails()) {
      expect(html).toContain(`<code>${name}</code>`);
      for (const detail of details) expect(html.replace(/&#39;/g, "'")).toContain(detail);
    }
  });

  it('the snippet builder offers every widget with exactly its own attributes', () => {
    expect(Object.keys(WIDGETS)).toEqual(contracts.map((c) => c.tag));
    for (const c of contracts) {
      expect(WIDGETS[c.tag]).toBe(c.title);
      expect(snippetFields(c.tag).map((f) => f.prop)).toEqual(Object.keys(c.attributes));
    }
    const configurator = snippetFields('kserowo-configurator');
    const extra = Object.fromEntries(configurator.map((f) => [f.name, f.kind === 'boolean' ? true : 'x']));
    const written = snippetAttributes({
      tag: 'kserowo-configurator',
      partner: 'abc',
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
      extra,
    }).map(([name]) => name);
    // Own attributes first (prefill ones included), then partner and UTM.
    expect(written).toEqual(['device', 'package', 'sync-url', 'name', 'email', 'phone', 'company', 'nip', 'partner']);
  });

  it('custom-elements.json and kserowo.d.ts describe every widget, attribute, event and part', () => {
    const manifest = customElementsManifest();
    expect(manifest.schemaVersion).toMatch(/^2\./);
    const declarations = manifest.modules[0]?.declarations ?? [];
    expect(declarations.map((d) => d.tagName)).toEqual(contracts.map((c) => c.tag));
    const dts = hostDeclarations();
    for (const c of contracts) {
      const d = declarations.find((x) => x.tagName === c.tag);
      expect(d?.attributes.map((a) => a.name)).toEqual(attributeRows(c).map((r) => r.name));
      expect(d?.events.map((e) => e.name)).toEqual(Object.keys(c.events));
      expect(d?.cssParts.map((p) => p.name)).toEqual([...c.parts]);
      expect(d?.cssProperties.map((p) => p.name)).toEqual([...c.cssProperties]);
      expect(dts).toContain(`'${c.tag}': `);
      for (const event of Object.keys(c.events)) expect(dts).toContain(`'on${event}'?:`);
    }
  });

  it('kserowo.d.ts and custom-elements.json are served with the widget headers, the d.ts as text', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kserowo-contracts-'));
    try {
      writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ files: {} }));
      writeFileSync(path.join(dir, DTS_FILE), hostDeclarations());
      writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(customElementsManifest()));
      const rules = widgetHeaders(dir, securityHeaders('widget-file')).split(/\n(?=\/)/);
      for (const file of [DTS_FILE, MANIFEST_FILE]) {
        const rule = rules.find((r) => r.startsWith(`/widgets/v1/${file}\n`)) ?? '';
        expect(rule).toContain('Access-Control-Allow-Origin: *');
        expect(rule).toContain('Cross-Origin-Resource-Policy: cross-origin');
        expect(rule).toContain(`Cache-Control: ${SHORT_CACHE}`);
      }
      expect(rules.find((r) => r.startsWith(`/widgets/v1/${DTS_FILE}`))).toContain(
        'Content-Type: text/plain; charset=utf-8',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
