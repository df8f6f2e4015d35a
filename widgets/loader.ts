/**
 * The loader, served as `/widgets/v1/kserowo.js`: knows every tag and imports a
 * widget's code only when such an element comes near the viewport (or is focused
 * or gets properties before that). Kept tiny: it imports nothing but the chunks and
 * widgets/replay.ts, which keeps a click made before a widget's code arrived.
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

/** How long a widget's code may take to arrive before its placeholder gives way to its fallback. */
const LOAD_TIMEOUT_MS = 8000;

const requested = new Set<string>();

/** Said on document (and kept on <html data-kserowo-failed>, for a listener that comes later). */
function failed(tag: string, message: string): void {
  const html = document.documentElement;
  html.dataset.kserowoFailed = `${html.dataset.kserowoFailed ?? ''} ${tag}`.trim();
  document.dispatchEvent(new CustomEvent('kserowo:error', { detail: { kind: 'network', message, tag } }));
}

function load(tag: string): void {
  if (requested.has(tag)) return;
  requested.add(tag);
  const timer = setTimeout(() => customElements.get(tag) || failed(tag, `timeout: ${tag}`), LOAD_TIMEOUT_MS);
  widgets[tag]?.().then(
    // After the chunk's own tasks (its first render), the live widget takes the remembered clicks.
    () => setTimeout(() => replay(tag)),
    (error: unknown) => {
      clearTimeout(timer);
      requested.delete(tag);
      forget(tag);
      failed(tag, String(error));
    },
  );
}

const observer =
  'IntersectionObserver' in window
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer?.unobserve(entry.target);
            load(entry.target.localName);
          }
        },
        { rootMargin: NEAR_VIEWPORT },
      )
    : undefined;

function discover(root: ParentNode): void {
  for (const tag of Object.keys(widgets)) {
    if (requested.has(tag) || customElements.get(tag)) continue;
    for (const el of root.querySelectorAll(tag)) {
      if (observer) observer.observe(el);
      else load(tag);
    }
  }
}

// Someone reaching a widget before it came near the viewport (Tab, a tap) loads it too;
// a click (or a key activating a control) before its code has run is kept for it.
for (const type of ['focusin', 'pointerdown', 'mouseover', 'click']) {
  document.addEventListener(
    type,
    (event) => {
      const el =
        event.target instanceof HTMLElement ? event.target.closest<HTMLElement>(Object.keys(widgets).join()) : null;
      if (!el || customElements.get(el.localName)) return;
      if (type === 'click') remember(el, event);
      if (type === 'pointerdown') pressed(el, event);
      load(el.localName);
    },
    // Not passive for clicks: a submit button of a pre-rendered form must not submit it natively.
    { capture: true, passive: type !== 'click' },
  );
}

document.documentElement.dataset.kserowo = 'ready';
discover(document);
new MutationObserver((records) => {
  for (const record of records) {
    record.addedNodes.forEach((node) => {
      if (node instanceof Element) {
        if (node.localName in widgets) observer ? observer.observe(node) : load(node.localName);
        discover(node);
      }
    });
  }
}).observe(document.documentElement, { childList: true, subtree: true });
