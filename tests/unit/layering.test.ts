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
const KERNEL_ADMIN = /^widgets\/core\/admin\//;
const KIT = /^widgets\/kit\//;
/** A widget's own folder: `widgets/<name>/…`, not the kernel, not the kit. */
const widgetOf = (path: string) => path.match(/^widgets\/(?!core\/|kit\/)([^/]+)\//)?.[1];

/** Shared by every feature, not a feature: `worker/http/`, `worker/middleware/` (and the migrations). */
const SHARED = new Set(['http', 'middleware', 'migrations']);
/** The feature a worker module belongs to: `worker/<feature>/…`; none for the root and the shared folders. */
const featureOf = (path: string) => {
  const name = path.match(/^worker\/([\w-]+)\//)?.[1];
  return name && !SHARED.has(name) ? name : undefined;
};
/** A feature's model: its SQL, `model.ts` or `model-<table>.ts`. */
const isModel = (path: string) => featureOf(path) !== undefined && /\/model(-[\w-]+)?\.ts$/.test(path);
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

  it('keeps the kernel to itself, and its root free of the admin contracts', () => {
    expect(arrows((e) => KERNEL.test(e.from) && !KERNEL.test(e.to))).toEqual([]);
    expect(arrows((e) => KERNEL.test(e.from) && !KERNEL_ADMIN.test(e.from) && KERNEL_ADMIN.test(e.to))).toEqual([]);
  });

  it('lets no widget import another widget, the admin contracts, the site or the worker', () => {
    expect(
      arrows((e) => {
        const from = widgetOf(e.from);
        if (!from && !KIT.test(e.from)) return false;
        const to = widgetOf(e.to);
        return (
          (to !== undefined && to !== from) ||
          KERNEL_ADMIN.test(e.to) ||
          /^(site|worker)\//.test(e.to) ||
          /^widgets\/[^/]+\.tsx?$/.test(e.to)
        );
      }),
    ).toEqual([]);
  });

  it('lets the worker import neither the site nor a widget’s own folder', () => {
    expect(arrows((e) => e.from.startsWith('worker/') && e.to.startsWith('site/'))).toEqual([]);
    // The server rendering of the widgets (widgets/prerender.tsx) is the one way in.
    expect(arrows((e) => e.from.startsWith('worker/') && widgetOf(e.to) !== undefined)).toEqual([]);
  });

  it('lets the site take from the worker only the portal views it renders statically', () => {
    expect(
      arrows((e) => e.from.startsWith('site/') && e.to.startsWith('worker/') && !e.to.startsWith('worker/portal/')),
    ).toEqual([]);
  });

  it('lets a feature reach another feature only through its exported functions, never its model', () => {
    const reaching = arrows((e) => {
      const from = featureOf(e.from);
      return from !== undefined && isModel(e.to) && featureOf(e.to) !== from;
    });
    const known = Object.entries(REACHES_INTO_MODELS).flatMap(([from, models]) =>
      models.map((model) => `worker/${from} → worker/${model}.ts`),
    );
    // A new arrow into another feature's model fails; one taken away must leave the list too.
    expect(reaching.filter((a) => !known.includes(a))).toEqual([]);
    expect(known.filter((a) => !reaching.includes(a))).toEqual([]);
  });

  it('lets http/ and middleware/ import no feature, nor the app that mounts them', () => {
    expect(
      arrows(
        (e) =>
          /^worker\/(http|middleware)\//.test(e.from) &&
          (featureOf(e.to) !== undefined || /^worker\/(app|admin-api|index)\.ts$/.test(e.to)),
      ).filter((a) => !SHARED_INTO_FEATURES.includes(a)),
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
 * The arrows into another feature's model that were there when the worker moved into feature
 * folders, each to become a call of that feature's exported function. Take an entry away when
 * its arrow goes; nothing may be added.
 */
const REACHES_INTO_MODELS: Record<string, string[]> = {
  'contracts/admin-devices.ts': ['accounts/model-audit', 'catalogue/model'],
  'contracts/admin-routes.ts': ['accounts/model-audit', 'catalogue/model', 'meter/model-reading-reminders'],
  'contracts/model.ts': ['meter/model', 'quotes/model'],
  'leads/admin-ownership.ts': ['accounts/model-audit'],
  'leads/admin-routes.ts': ['accounts/model-audit', 'orders/model', 'outbox/model', 'quotes/model'],
  'leads/assignment.ts': ['accounts/model-sessions', 'outbox/model'],
  'leads/contact-email.ts': ['outbox/model'],
  'leads/deferred.ts': ['outbox/model', 'quotes/model'],
  'leads/lead-view.ts': ['quotes/model'],
  'leads/lead-work.ts': ['accounts/model-audit', 'quotes/model'],
  'leads/model-lead-ownership.ts': ['outbox/model', 'webhooks/model'],
  'leads/model.ts': ['outbox/model', 'quotes/model', 'webhooks/model'],
  'leads/sales-clock.ts': ['outbox/model'],
  'leads/sales-team-email.ts': ['outbox/model'],
  'meter/admin-routes.ts': ['accounts/model-audit', 'contracts/model-devices', 'contracts/model'],
  'meter/model-reading-reminders.ts': ['outbox/model'],
  'meter/model.ts': ['outbox/model', 'webhooks/model'],
  'meter/reminder-email.ts': ['contracts/model', 'outbox/model'],
  'meter/routes.ts': ['contracts/model'],
  'orders/admin-routes.ts': ['contracts/model', 'quotes/model'],
  'orders/document.ts': ['quotes/model'],
  'orders/emails.ts': ['outbox/model', 'quotes/model'],
  'orders/events.ts': ['quotes/model'],
  'orders/flow.ts': ['leads/model', 'quotes/model'],
  'orders/installation.ts': ['catalogue/model', 'contracts/model', 'quotes/model'],
  'orders/model.ts': ['outbox/model', 'webhooks/model'],
  'orders/page.tsx': ['quotes/model'],
  'outbox/email-text.ts': ['leads/model'],
  'portal/actions.ts': ['contracts/model', 'meter/model', 'quotes/model', 'service/model'],
  'portal/customer-reading.ts': ['contracts/model', 'meter/model'],
  'portal/customer.ts': ['contracts/model-devices', 'contracts/model'],
  'portal/emails.ts': ['outbox/model'],
  'portal/model-toner-orders.ts': ['outbox/model'],
  'portal/sign-in.ts': ['outbox/model'],
  'privacy/admin-routes.ts': ['accounts/model-audit'],
  'privacy/person.ts': [
    'accounts/model-audit',
    'accounts/model-login-devices',
    'contracts/model-devices',
    'leads/model-lead-notes',
    'leads/model',
    'meter/model',
    'orders/model',
    'outbox/model',
    'portal/model-portal-sessions',
    'portal/model-portal-sign-ins',
    'portal/model-toner-orders',
    'quotes/model',
    'service/model',
    'webhooks/model',
  ],
  'privacy/retention.ts': [
    'leads/model-lead-notes',
    'leads/model',
    'meter/model',
    'orders/model',
    'outbox/model',
    'portal/model-portal-sessions',
    'portal/model-portal-sign-ins',
    'portal/model-toner-orders',
    'quotes/model',
    'service/model',
    'webhooks/model',
  ],
  'quotes/model.ts': ['webhooks/model'],
  'quotes/quote-email.ts': ['leads/model', 'outbox/model'],
  'quotes/routes.ts': ['catalogue/model', 'leads/model'],
  'service/admin-routes.ts': ['accounts/model-audit', 'contracts/model-devices'],
  'service/model.ts': ['outbox/model', 'webhooks/model'],
  'service/routes.ts': ['catalogue/model', 'contracts/model-devices', 'contracts/model', 'quotes/model'],
  'service/ticket-email.ts': ['outbox/model'],
  'webhooks/admin-routes.ts': ['accounts/model-audit'],
};

/** The same for http/ and middleware/: the admin gate's sessions and audit, and two error texts' figures. */
const SHARED_INTO_FEATURES = [
  'worker/http/errors.ts → worker/accounts/model-login-throttle.ts',
  'worker/http/errors.ts → worker/portal/model-toner-orders.ts',
  'worker/middleware/access/index.ts → worker/accounts/model-audit.ts',
  'worker/middleware/access/index.ts → worker/accounts/model-sessions.ts',
  'worker/middleware/admin-guard/index.ts → worker/accounts/model-sessions.ts',
];
