/**
 * The arrows of the code run one way (widgets/core/README.md, docs/layout.md): the kernel
 * (widgets/core/) imports nothing outside itself, a widget imports the kernel and the kit but never
 * another widget, the worker never imports the site, a feature of the worker (worker/<feature>/)
 * reaches another feature only through its exported functions, never its model (model*.ts, its
 * SQL), http/ and middleware/ (what every feature shares) import no feature, only the app and the
 * admin API mount a feature's routes, and no module reaches itself again through runtime imports.
 * Read from the import statements themselves, so a new arrow the wrong way fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Edge {
  from: string;
  to: string;
  /** `import type …`, or every name imported as a type: erased by the compiler. */
  typeOnly: boolean;
}

const sources = ['widgets', 'site', 'worker'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|mjs)$/.test(f) && !/\.d\.ts$|\.spec\.ts$|\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f)),
);

/** Every relative import and re-export of the sources, static or dynamic. */
function edgesOf(file: string): Edge[] {
  const code = readFileSync(file, 'utf8');
  const edges: Edge[] = [];
  for (const m of code.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+'(\.[^']+)'/gms)) {
    const names = m[2]?.match(/\{([^}]*)\}/s)?.[1];
    const allTypes =
      !!names &&
      !/^[\w$]+\s*,/.test(m[2] ?? '') &&
      names
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    edges.push({ from: file, to: normalize(join(dirname(file), m[3] ?? '')), typeOnly: !!m[1] || allTypes });
  }
  for (const m of code.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g))
    edges.push({ from: file, to: normalize(join(dirname(file), m[1] ?? '')), typeOnly: false });
  return edges;
}

const edges = sources.flatMap(edgesOf);
const arrows = (test: (e: Edge) => boolean) => edges.filter(test).map((e) => `${e.from} → ${e.to}`);

const KERNEL = /^widgets\/core\//;
/** What the admin panel shares with the worker: the admin API's types, roles, validation, and the rules it shows. */
const ADMIN_SHARED = /^worker\/admin-shared\//;
const KIT = /^widgets\/kit\//;
/** A widget's own folder: `widgets/<name>/…`, not the kernel, not the kit. */
const widgetOf = (path: string) => path.match(/^widgets\/(?!core\/|kit\/)([^/]+)\//)?.[1];

/** Shared by every feature, not a feature: `worker/http/`, `worker/middleware/` (and the migrations). */
const SHARED = new Set(['http', 'middleware', 'migrations', 'admin-shared']);
/** The feature a worker module belongs to: `worker/<feature>/…`; none for the root and the shared folders. */
const featureOf = (path: string) => {
  const name = path.match(/^worker\/([\w-]+)\//)?.[1];
  return name && !SHARED.has(name) ? name : undefined;
};
/** A feature's model: its SQL, `model.ts` or `model-<table>.ts`. */
const isModel = (path: string) => featureOf(path) !== undefined && /\/model(-[\w-]+)?\.ts$/.test(path);
/** What a feature offers the others: `worker/<feature>/index.ts`. */
const isIndex = (path: string) => featureOf(path) !== undefined && /^worker\/[\w-]+\/index\.ts$/.test(path);
/** A feature's routes: public `routes.ts(x)`, admin `admin-*.ts`. */
const isRoutes = (path: string) => featureOf(path) !== undefined && /\/(routes\.tsx?|admin-[\w-]+\.tsx?)$/.test(path);

/** The strongly connected groups of more than one module (Tarjan), over runtime or all imports. */
function cycles(runtimeOnly: boolean): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (runtimeOnly && e.typeOnly) continue;
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const file of sources) if (!index.has(file)) visit(file);
  return groups;
}

describe('the import arrows', () => {
  it('reads the imports of every source file', () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges.some((e) => e.from === 'worker/app.ts' && e.to === 'worker/admin-api.ts')).toBe(true);
  });

  it('keeps the kernel to itself', () => {
    expect(arrows((e) => KERNEL.test(e.from) && !KERNEL.test(e.to))).toEqual([]);
  });

  it('keeps what the admin shares with the worker to itself and the kernel, so the panel bundles no worker code', () => {
    expect(arrows((e) => ADMIN_SHARED.test(e.from) && !ADMIN_SHARED.test(e.to) && !KERNEL.test(e.to))).toEqual([]);
  });

  it('lets no widget import another widget, the admin contracts, the site or the worker', () => {
    expect(
      arrows((e) => {
        const from = widgetOf(e.from);
        if (!from && !KIT.test(e.from)) return false;
        const to = widgetOf(e.to);
        return (
          (to !== undefined && to !== from) || /^(site|worker)\//.test(e.to) || /^widgets\/[^/]+\.tsx?$/.test(e.to)
        );
      }),
    ).toEqual([]);
  });

  it('lets the worker import neither the site nor a widget’s own folder', () => {
    expect(arrows((e) => e.from.startsWith('worker/') && e.to.startsWith('site/'))).toEqual([]);
    // The server rendering of the widgets (widgets/prerender.tsx) is the one way in.
    expect(arrows((e) => e.from.startsWith('worker/') && widgetOf(e.to) !== undefined)).toEqual([]);
  });

  it('lets the site take from the worker only the portal views it renders statically, and the panel what the admin shares', () => {
    expect(
      arrows(
        (e) =>
          e.from.startsWith('site/') &&
          e.to.startsWith('worker/') &&
          !e.to.startsWith('worker/portal/') &&
          !(e.from.startsWith('site/admin/') && ADMIN_SHARED.test(e.to)),
      ),
    ).toEqual([]);
  });

  it('keeps in the kernel only what a widget uses, or what the site build and the worker both render', () => {
    const reached = (from: (file: string) => boolean) => {
      const seen = new Set<string>();
      const stack = sources.filter(from);
      while (stack.length) {
        const file = stack.pop()!;
        for (const e of edges) if (e.from === file && !seen.has(e.to)) seen.add(e.to) && stack.push(e.to);
      }
      return seen;
    };
    const byWidgets = reached((f) => widgetOf(f) !== undefined);
    // The static pages and the worker's pages share company facts, headers, the server rendering
    // and the portal's forms (through worker/portal/views.tsx, which the site build renders too).
    const bySite = reached((f) => /^site\//.test(f) && !/^site\/admin\//.test(f));
    const byWorker = reached((f) => /^worker\//.test(f));
    const kernel = sources.filter((f) => KERNEL.test(f));
    expect(kernel.length).toBeGreaterThan(30);
    expect(
      kernel.filter((f) => !byWidgets.has(f) && !(bySite.has(f) && byWorker.has(f)) && !PENDING_KERNEL.includes(f)),
    ).toEqual([]);
  });

  it('lets a feature reach another feature only through its exported functions, never its model', () => {
    // The root (app, admin API, entry) too: a feature's SQL is its own; the others call what its
    // index.ts (or any other module but its models) exports.
    expect(
      arrows((e) => {
        const to = featureOf(e.to);
        return to !== undefined && isModel(e.to) && featureOf(e.from) !== to;
      }),
    ).toEqual([]);
  });

  it("keeps a feature's index.ts to what the feature itself offers (no barrel of other features)", () => {
    expect(arrows((e) => isIndex(e.from) && featureOf(e.to) !== featureOf(e.from))).toEqual([]);
  });

  it('lets http/ and middleware/ import no feature, nor the app that mounts them', () => {
    expect(
      arrows(
        (e) =>
          /^worker\/(http|middleware)\//.test(e.from) &&
          (featureOf(e.to) !== undefined || /^worker\/(app|admin-api|index)\.ts$/.test(e.to)),
      ),
    ).toEqual([]);
  });

  it("lets only the app and the admin API mount a feature's routes", () => {
    expect(arrows((e) => isRoutes(e.to) && e.from !== 'worker/app.ts' && e.from !== 'worker/admin-api.ts')).toEqual([]);
  });

  it('has no runtime import cycle', () => {
    expect(cycles(true)).toEqual([]);
  });

  it('has no type-only import cycle either (a shared type goes to a module of its own: worker/env.ts, site/admin/view-props.ts)', () => {
    expect(cycles(false)).toEqual([]);
  });
});

/**
 * Kernel files a widget is about to use, on a branch not merged yet: the quote's texts, which the
 * configurator's summary and the advisor take the locative volume from. Empty once it lands.
 */
const PENDING_KERNEL = ['widgets/core/quote-text.ts'];
