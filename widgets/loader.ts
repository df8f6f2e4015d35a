/**
 * The loader, served as `/widgets/v1/kserowo.js`: knows every tag and imports a
 * widget's code only when such an element comes near the viewport (or is focused
 * or gets properties before that). Kept tiny: it imports nothing but the chunks.
 */

const widgets: Record<string, () => Promise<unknown>> = {
  'kserowo-pricing': () => import('./pricing/index.ts'),
  'kserowo-contact': () => import('./contact/index.ts'),
  'kserowo-models': () => import('./models/index.ts'),
  'kserowo-configurator': () => import('./configurator/index.ts'),
  'kserowo-calculator': () => import('./calculator/index.ts'),
};

/** How far below the fold a widget starts loading. */
const NEAR_VIEWPORT = '400px 0px';

const requested = new Set<string>();

function load(tag: string): void {
  if (requested.has(tag)) return;
  requested.add(tag);
  widgets[tag]?.().catch((error: unknown) => {
    requested.delete(tag);
    document.dispatchEvent(new CustomEvent('kserowo:error', { detail: { kind: 'network', message: String(error) } }));
  });
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
    root.querySelectorAll(tag).forEach((el) => (observer ? observer.observe(el) : load(tag)));
  }
}

// Someone reaching a widget before it came near the viewport (Tab, a tap) loads it too.
for (const type of ['focusin', 'pointerdown', 'mouseover']) {
  document.addEventListener(
    type,
    (event) => {
      const el = event.target instanceof Element ? event.target.closest(Object.keys(widgets).join()) : null;
      if (el) load(el.localName);
    },
    { capture: true, passive: true },
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
