/**
 * The loader, served as `/widgets/v1/kserowo.js`: knows every tag and imports a
 * widget's code only when such an element comes near the viewport (or is focused
 * or gets properties before that). Kept tiny: it imports nothing but the chunks and
 * widgets/replay.ts, which keeps a click made before a widget's code arrived.
 *
 * Elements are found wherever a page puts them: in the document and in shadow roots (a Lit,
 * Stencil or Angular Elements host, a page builder). Open roots are walked and watched; a root
 * attached after this script ran (open or closed) is watched as it is attached; a closed root
 * attached before is handed over by its host with the one documented call,
 * `(window.kserowoRoots ??= []).push(root)` (docs/partners-round4.md). Once a widget's code
 * has defined its tag, the browser upgrades every instance, whatever root it is in.
 */
import { forget, pressed, remember, replay } from './replay.ts';

const widgets: Record<string, () => Promise<unknown>> = {
  'kserowo-pricing': () => import('./pricing/index.ts'),
  'kserowo-contact': () => import('./contact/index.ts'),
  'kserowo-models': () => import('./models/index.ts'),
  'kserowo-configurator': () => import('./configurator/index.ts'),
  'kserowo-service': () => import('./service/index.ts'),
  'kserowo-meter': () => import('./meter/index.ts'),
  'kserowo-calculator': () => import('./calculator/index.ts'),
};

/** How far below the fold a widget starts loading. */
const NEAR_VIEWPORT = '400px 0px';

/**
 * After this long without a widget's code the connection is called slow: its placeholder or
 * pre-rendered content stays, with the spinner, and the page is told (`data-kserowo-slow`, and
 * `kserowo:slow` on document) so it can say the part is still loading. The code takes over whenever
 * it arrives; only a load that fails (an error, never a clock) gives way to the fallback.
 */
const SLOW_AFTER_MS = 8000;

const requested = new Set<string>();

/** Every instance seen, by tag: a load failure is told to each of them too (they may sit in a shadow root). */
const seen = new Map<string, Set<Element>>();

/**
 * Said on document (and kept on <html data-kserowo-failed>, for a listener that comes later),
 * and on each instance of the tag (`data-kserowo-failed`, and `kserowo:error` from it, which
 * reaches a host listening in its shadow root without being heard twice on document).
 */
function failed(tag: string, message: string): void {
  const html = document.documentElement;
  html.dataset.kserowoFailed = `${html.dataset.kserowoFailed ?? ''} ${tag}`.trim();
  const detail = { kind: 'network', message, tag };
  document.dispatchEvent(new CustomEvent('kserowo:error', { detail }));
  for (const el of seen.get(tag) ?? []) {
    (el as HTMLElement).dataset.kserowoFailed = '';
    if (el.getRootNode() !== document) el.dispatchEvent(new CustomEvent('kserowo:error', { detail, bubbles: true }));
  }
}

/** Marks a tag's instances (and <html>, for a listener that comes later) as slow to load, or no longer so. */
function mark(tag: string, slow: boolean): void {
  const html = document.documentElement;
  const tags = new Set(html.dataset.kserowoSlow?.split(' ').filter(Boolean));
  if (slow) tags.add(tag);
  else tags.delete(tag);
  if (tags.size) html.dataset.kserowoSlow = [...tags].join(' ');
  else delete html.dataset.kserowoSlow;
  for (const el of seen.get(tag) ?? []) {
    if (slow) (el as HTMLElement).dataset.kserowoSlow = '';
    else delete (el as HTMLElement).dataset.kserowoSlow;
  }
}

function load(tag: string): void {
  if (requested.has(tag)) return;
  requested.add(tag);
  const timer = setTimeout(() => {
    if (customElements.get(tag)) return;
    mark(tag, true);
    document.dispatchEvent(new CustomEvent('kserowo:slow', { detail: { tag } }));
  }, SLOW_AFTER_MS);
  widgets[tag]?.().then(
    // After the chunk's own tasks (its first render), the live widget takes the remembered clicks.
    () => {
      clearTimeout(timer);
      mark(tag, false);
      setTimeout(() => replay(tag));
    },
    (error: unknown) => {
      clearTimeout(timer);
      mark(tag, false);
      requested.delete(tag);
      forget(tag);
      failed(tag, String(error));
    },
  );
}

// Every browser that runs module scripts has IntersectionObserver.
const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      load(entry.target.localName);
    }
  },
  { rootMargin: NEAR_VIEWPORT },
);

/** A widget element found: loaded when it comes near the viewport. */
function found(el: Element): void {
  const tag = el.localName;
  const all = seen.get(tag) ?? new Set<Element>();
  seen.set(tag, all.add(el));
  if (requested.has(tag) || customElements.get(tag)) return;
  observer.observe(el);
}

const watched = new WeakSet<Node>();

/** Finds the widgets under `root` (itself included), and in the open shadow roots of its elements (watching each). */
function discover(root: Element | DocumentFragment | Document): void {
  for (const el of [root, ...root.querySelectorAll('*')])
    if (el instanceof Element) {
      if (el.localName in widgets) found(el);
      if (el.shadowRoot) watch(el.shadowRoot);
    }
}

const mutations = new MutationObserver((records) => {
  for (const record of records)
    record.addedNodes.forEach((node) => {
      if (node instanceof Element) discover(node);
    });
});

/** Watches a document or shadow root for widgets added to it now and later; our own widgets' roots are left alone. */
function watch(root: Document | ShadowRoot): void {
  if (watched.has(root) || (root instanceof ShadowRoot && root.host.localName in widgets)) return;
  watched.add(root);
  mutations.observe(root, { childList: true, subtree: true });
  discover(root);
}

/** The first widget element on an event's path (through open shadow roots). */
const widgetOf = (event: Event): HTMLElement | undefined =>
  event
    .composedPath()
    .find(
      (n): n is HTMLElement => n instanceof HTMLElement && n.localName in widgets && !customElements.get(n.localName),
    );

/** Everything the loader does to a page, once one copy of it has been chosen to run. */
function start(): void {
  // Shadow roots attached from now on, open or closed, are watched as they are attached.
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const root = attachShadow.call(this, init);
    queueMicrotask(() => watch(root));
    return root;
  };

  // Someone reaching a widget before it came near the viewport (Tab, a tap) loads it too;
  // a click (or a key activating a control) before its code has run is kept for it.
  for (const type of ['focusin', 'pointerdown', 'mouseover', 'click']) {
    document.addEventListener(
      type,
      (event) => {
        const el = widgetOf(event);
        if (!el) return;
        if (type === 'click') remember(el, event);
        if (type === 'pointerdown') pressed(el, event);
        load(el.localName);
      },
      // Not passive for clicks: a submit button of a pre-rendered form must not submit it natively.
      { capture: true, passive: type !== 'click' },
    );
  }

  document.documentElement.dataset.kserowo = 'ready';
  watch(document);
  // Closed shadow roots attached before this script ran, handed over by their hosts; later pushes are watched at once.
  const page = window as unknown as { kserowoRoots?: ShadowRoot[] };
  page.kserowoRoots ??= [];
  const handed = page.kserowoRoots;
  for (const root of handed) watch(root);
  handed.push = (...roots: ShadowRoot[]) => roots.map(watch).length;
}

/**
 * Two copies of the snippet on one page (the `v1` alias and a pinned `kserowo.<hash>.js`, or
 * two pinned builds): one runs, deterministically, and the other says so once in the console.
 * A pinned file wins over the alias; of two pinned files, the first on the page. The copy that
 * stands down takes over only if the one it yields to never ran (e.g. refused by its SRI hash).
 */
const LOADER = /\/widgets\/v1\/kserowo(\.[0-9a-f]+)?\.js/;
const me = import.meta.url;
const global = window as unknown as { kserowoLoader?: string };
const loaders = [...document.querySelectorAll<HTMLScriptElement>('script[src]')]
  .map((script) => script.src)
  .filter((src) => LOADER.test(src));
const pinned = (src: string) => !!LOADER.exec(src)?.[1];
// The copy this one yields to: any pinned one when this is the alias, an earlier pinned one when pinned too.
const yieldTo = (pinned(me) ? loaders.slice(0, Math.max(0, loaders.indexOf(me))) : loaders).find(
  (src) => src !== me && pinned(src),
);
const standDown = (runs: string) => console.warn(`Kserowo: skrypt widżetów jest tu dwa razy; działa ${runs}.`);
if (global.kserowoLoader) standDown(global.kserowoLoader);
else if (yieldTo) {
  standDown(yieldTo);
  // Taken over only if the one yielded to never ran by the time the page has loaded.
  const takeOver = () => {
    if (global.kserowoLoader) return;
    global.kserowoLoader = me;
    start();
  };
  if (document.readyState === 'complete') takeOver();
  else addEventListener('load', takeOver);
} else {
  global.kserowoLoader = me;
  start();
}
