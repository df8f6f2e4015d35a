/**
 * The one way a widget becomes a custom element: r2wc, with its three known gaps
 * closed (DESIGN §2; read @r2wc/core's core.ts):
 *  1. r2wc unmounts in `disconnectedCallback`, so moving an element (remove + insert)
 *     loses its state. Here the unmount is deferred to a microtask and cancelled when
 *     the element is connected again before it runs.
 *  2. r2wc's property accessors live on the prototype with no upgrade step, so a
 *     property set on the element before `customElements.define` is shadowed by an
 *     own property and lost. Here such own properties are taken over on construction.
 *  3. r2wc skips empty attribute values: a bare boolean attribute (`filters`) is false
 *     and a removed attribute never resets the prop. Here every observed attribute is
 *     parsed by this module, with HTML boolean semantics (present is true, absent or
 *     "false" is false) and removal resetting the prop to undefined.
 * The renderer given to @r2wc/core is @r2wc/react-to-web-component's, with `createElement`
 * imported by name: that package's `React.createElement` keeps Preact compat's whole default
 * export (Children, Suspense, portals…) in the runtime for nothing.
 * Styles are applied with constructable stylesheets (`adoptedStyleSheets`), which a
 * partner's CSP without `style-src` does not block.
 */
import r2wc from '@r2wc/core';
import { type ComponentType, createElement } from 'react';
import { createRoot } from 'react-dom/client';

export type PropKind = 'string' | 'number' | 'boolean' | 'json';

export interface WidgetOptions<P> {
  /** camelCase prop name → kind; the attribute is its dashed form (`utmSource` → `utm-source`). */
  props: Partial<Record<keyof P & string, PropKind>>;
  /** Render into an open shadow root (with adopted `styles`); otherwise into the element itself. */
  shadow?: boolean;
  /** CSS applied to the shadow root, or once to the document for light-DOM widgets. */
  styles?: string;
}

/** Props every widget receives from the wrapper. */
export interface WidgetHostProps {
  /** The shadow root or the element the component renders into (r2wc's `container`). */
  container?: HTMLElement | ShadowRoot;
}

const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
const CONTEXT = Symbol.for('r2wc.context');

const dashed = (name: string): string =>
  name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

/** Parses an attribute value; `null` means the attribute is absent. */
export function parseAttribute(kind: PropKind, value: string | null): unknown {
  if (kind === 'boolean') return value !== null && value.toLowerCase() !== 'false';
  if (value === null) return undefined;
  if (kind === 'number') {
    const n = Number.parseFloat(value);
    return Number.isFinite(n) ? n : undefined;
  }
  if (kind === 'json') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  return value;
}

const sheets = new Map<string, CSSStyleSheet>();

/** One shared constructable sheet per CSS text. */
export function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/** Adds `css` (one shared sheet per text) to the sheets of `target`, once. */
export function adopt(target: Document | ShadowRoot, css: string): void {
  const sheet = sheetFor(css);
  if (!target.adoptedStyleSheets.includes(sheet)) target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
}

type Mounted = { root: ReturnType<typeof createRoot>; Component: ComponentType<object> };

const renderer = {
  mount(container: HTMLElement, Component: ComponentType<object>, props: object): Mounted {
    const root = createRoot(container);
    root.render(createElement(Component, props));
    return { root, Component };
  },
  update({ root, Component }: Mounted, props: object): void {
    root.render(createElement(Component, props));
  },
  unmount({ root }: Mounted): void {
    root.unmount();
  },
};

type Internals = HTMLElement & {
  [PROPS]: Record<string, unknown>;
  [RENDER]: () => void;
  [CONTEXT]?: unknown;
  container: HTMLElement | ShadowRoot;
  connectedCallback(): void;
  disconnectedCallback(): void;
};

/**
 * Defines `tag` as a custom element rendering `Component` (idempotent: a tag defined
 * already, e.g. by a second copy of the script, is left alone).
 * @example defineWidget('kserowo-pricing', Pricing, { props: { type: 'string' }, shadow: true, styles: css })
 */
export function defineWidget<P extends object>(
  tag: string,
  Component: ComponentType<P & WidgetHostProps>,
  options: WidgetOptions<P>,
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;

  const kinds = options.props as Record<string, PropKind>;
  const propNames = Object.keys(kinds);
  const attributeToProp = new Map(propNames.map((p) => [dashed(p), p]));
  // r2wc gets the names as strings only: parsing is ours (gap 3).
  const Base = r2wc(
    Component as ComponentType<object>,
    { shadow: options.shadow ? 'open' : undefined, props: Object.fromEntries(propNames.map((p) => [p, 'string'])) },
    renderer,
  ) as unknown as { new (): Internals; prototype: Internals };

  class Widget extends Base {
    #unmountPending = false;

    static get observedAttributes(): string[] {
      return [...attributeToProp.keys()];
    }

    constructor() {
      super();
      // Here, before anything renders: an upgrade calls attributeChangedCallback (which
      // renders) before connectedCallback, and a part adopting a sheet of its own as it
      // renders (the calculator's panel) must come after this one in the cascade. Once is
      // enough: the shadow root, or this page's document, stays the same when it moves.
      if (options.styles) adopt(options.shadow ? (this.container as ShadowRoot) : document, options.styles);
      const props = this[PROPS];
      for (const prop of propNames) {
        const attribute = dashed(prop);
        props[prop] = parseAttribute(kinds[prop] ?? 'string', this.getAttribute(attribute));
        // Gap 2: a property set while the element was still undefined is an own
        // property hiding our accessor; take its value over and drop it.
        if (Object.hasOwn(this, prop)) {
          const value = (this as unknown as Record<string, unknown>)[prop];
          delete (this as unknown as Record<string, unknown>)[prop];
          props[prop] = value;
        }
      }
    }

    override connectedCallback(): void {
      this.#unmountPending = false;
      // Still mounted (a move): r2wc's connectedCallback only re-renders with the same props.
      super.connectedCallback();
    }

    override disconnectedCallback(): void {
      // Gap 1: a move disconnects and reconnects in the same task; unmount only if it stays out.
      this.#unmountPending = true;
      queueMicrotask(() => {
        if (this.#unmountPending && !this.isConnected) {
          this.#unmountPending = false;
          super.disconnectedCallback();
        }
      });
    }

    attributeChangedCallback(attribute: string, oldValue: string | null, value: string | null): void {
      const prop = attributeToProp.get(attribute);
      if (!prop || oldValue === value) return;
      this[PROPS][prop] = parseAttribute(kinds[prop] ?? 'string', value);
      this[RENDER]();
    }
  }

  for (const prop of propNames) {
    const kind = kinds[prop] ?? 'string';
    const attribute = dashed(prop);
    Object.defineProperty(Widget.prototype, prop, {
      enumerable: true,
      configurable: true,
      get(this: Internals) {
        return this[PROPS][prop];
      },
      set(this: Internals, value: unknown) {
        // Strings, numbers and booleans reflect to their attribute (which re-renders);
        // JSON values are set directly.
        if (kind === 'json') {
          this[PROPS][prop] = value;
          this[RENDER]();
        } else if (value === undefined || value === null || (kind === 'boolean' && !value)) {
          this.removeAttribute(attribute);
        } else {
          this.setAttribute(attribute, kind === 'boolean' ? '' : String(value));
        }
      },
    });
  }

  // Upgrading replaces pre-rendered (declarative) shadow content; whoever had focus inside
  // it keeps it on the same element of the first render, which equals that markup.
  const focusedHost = document.activeElement;
  const focusedIndex =
    focusedHost?.localName === tag && focusedHost.shadowRoot?.activeElement
      ? [...focusedHost.shadowRoot.querySelectorAll(':not(style)')].indexOf(focusedHost.shadowRoot.activeElement)
      : -1;
  customElements.define(tag, Widget);
  if (focusedHost && focusedIndex >= 0) {
    const again = focusedHost.shadowRoot?.querySelectorAll(':not(style)')[focusedIndex];
    if (again instanceof HTMLElement) again.focus({ preventScroll: true });
  }
  return Widget;
}
