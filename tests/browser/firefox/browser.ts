/**
 * Firefox ESR for the critical flows: Debian's `/usr/bin/firefox-esr` driven by
 * puppeteer-core over WebDriver BiDi (Playwright 1.65 needs BiDi commands that this ESR
 * lacks; see docs/testing.md "Tests in Firefox ESR"). Helpers find elements inside our widgets' shadow roots by
 * selector and text, wait for them like Playwright's locators do, and act through real
 * input events.
 */
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The test server of this run (scripts/serve-test.mjs on a port of its own). */
export const port = Number(process.env.KSEROWO_TEST_PORT ?? 8790);
export const base = `http://127.0.0.1:${port}`;
const TIMEOUT = 20_000;

export function launchFirefox(prefs: Record<string, unknown> = {}): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: { 'intl.accept_languages': 'pl-PL, pl', ...prefs },
  });
}

export async function newPage(browser: Browser, width = 1280, height = 900): Promise<Page> {
  const page = await browser.newPage();
  page.setDefaultTimeout(TIMEOUT);
  await page.setViewport({ width, height });
  return page;
}

export interface Find {
  /** The widget's tag or a CSS selector of its element (`#form`); its shadow root is searched, or itself. */
  host: string;
  selector: string;
  /** The element's text (trimmed `textContent`) must match. */
  text?: string | RegExp;
  /** Only elements that are rendered (`checkVisibility`); true by default. */
  visible?: boolean;
}

/**
 * Polls `fn` in the page until it answers an element (polled from Node, not by a page
 * script: the JS-off runs have no page timers).
 */
async function poll(page: Page, what: string, fn: () => Promise<ElementHandle<Element> | null>) {
  for (const deadline = Date.now() + TIMEOUT; Date.now() < deadline; ) {
    const found = await fn();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Firefox: not found within ${TIMEOUT} ms: ${what} on ${page.url()}`);
}

/** Waits for the first element matching `find` and answers its handle. */
export function find(page: Page, { host, selector, text, visible = true }: Find): Promise<ElementHandle<Element>> {
  const pattern = text === undefined ? null : text instanceof RegExp ? text : new RegExp(`^${escapeRegExp(text)}$`);
  return poll(page, `${host} ${selector} ${String(text ?? '')}`, async () => {
    const handle = await page.evaluateHandle(
      (hostSelector: string, sel: string, source: string | null, flags: string, mustShow: boolean) => {
        const re = source === null ? null : new RegExp(source, flags);
        for (const h of document.querySelectorAll(hostSelector)) {
          const root = h.shadowRoot ?? h;
          for (const el of root.querySelectorAll(sel)) {
            if (mustShow && !el.checkVisibility()) continue;
            if (re && !re.test((el.textContent ?? '').trim())) continue;
            return el;
          }
        }
        return null;
      },
      host,
      selector,
      pattern?.source ?? null,
      pattern?.flags ?? '',
      visible,
    );
    return handle.asElement() as ElementHandle<Element> | null;
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits until the text of the first rendered `selector` in `host` matches `text`. */
export async function expectText(page: Page, host: string, selector: string, text: RegExp): Promise<void> {
  await find(page, { host, selector, text });
}

/** The visible texts of every rendered `selector` in `host`. */
export function texts(page: Page, host: string, selector: string): Promise<string[]> {
  return page.evaluate(
    (h: string, sel: string) => {
      const el = document.querySelector(h);
      const root = el?.shadowRoot ?? el;
      return [...(root?.querySelectorAll(sel) ?? [])]
        .filter((e) => e.checkVisibility())
        .map((e) => (e.textContent ?? '').trim());
    },
    host,
    selector,
  );
}

/** Scrolls the first `tag` into view (widgets load near the viewport) and waits until its code has defined it. */
export async function defined(page: Page, tag: string): Promise<void> {
  await page.evaluate(
    (t: string) => document.querySelector(t)?.scrollIntoView({ block: 'center', behavior: 'instant' }),
    tag,
  );
  await page.waitForFunction((t: string) => customElements.get(t) !== undefined, { timeout: TIMEOUT }, tag);
}

/**
 * Clicks the element: scrolled to the middle of the viewport, then a real pointer click at
 * its centre (whatever is on top there gets it, as for a visitor). Puppeteer's own
 * `ElementHandle.click` waits on a page promise, which never settles with JavaScript off.
 */
export async function click(page: Page, f: Find): Promise<void> {
  const el = await find(page, f);
  await pointAt(page, el, (x, y) => page.mouse.click(x, y));
}

/**
 * Scrolls `el` to the middle of the viewport and acts at its centre once the element is
 * what a pointer there would hit, as Playwright's actionability checks do. Firefox may still
 * have a scroll of its own pending when we scroll (after typing it brings the field's caret
 * back into view on its next frame): measured again a moment later, and scrolled again.
 */
async function pointAt(page: Page, el: ElementHandle<Element>, act: (x: number, y: number) => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    const box = await el.evaluate((node) => {
      node.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const r = node.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    await new Promise((r) => setTimeout(r, 50));
    const hit = await el.evaluate(
      (node, x: number, y: number) => {
        let top = document.elementFromPoint(x, y);
        // Into the shadow roots on the way down (our widgets draw in one).
        for (let inner = top?.shadowRoot?.elementFromPoint(x, y); inner && inner !== top; ) {
          top = inner;
          inner = top.shadowRoot?.elementFromPoint(x, y);
        }
        return !!top && (node === top || node.contains(top));
      },
      box.x,
      box.y,
    );
    if (hit) return act(box.x, box.y);
    if (attempt === 5) throw new Error(`Firefox: something else is on top of the element to click on ${page.url()}`);
  }
}

/** Types `value` into the field of `host` labelled by a label whose text matches `label`. */
export async function fill(page: Page, host: string, label: RegExp, value: string): Promise<void> {
  const field = await poll(page, `${host} field ${label}`, async () => {
    const handle = await page.evaluateHandle(
      (h: string, source: string, flags: string) => {
        const root = document.querySelector(h)?.shadowRoot;
        const re = new RegExp(source, flags);
        const l = [...(root?.querySelectorAll('label') ?? [])].find((x) => re.test((x.textContent ?? '').trim()));
        const id = l?.getAttribute('for');
        return (id ? root?.getElementById(id) : l?.querySelector('input, textarea')) ?? null;
      },
      host,
      label.source,
      label.flags,
    );
    return handle.asElement() as ElementHandle<Element> | null;
  });
  await pointAt(page, field, (x, y) => page.mouse.click(x, y));
  await field.evaluate((input) => (input as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value);
}

/**
 * Opens one of our pages and, when the cookie banner is up, answers it ('Odrzucam') as a
 * visitor would before using the page (it covers the bottom of the viewport until then).
 */
export async function visit(page: Page, path: string, waitUntil: 'load' | 'domcontentloaded' = 'load'): Promise<void> {
  await page.goto(`${base}${path}`, { waitUntil });
  const declined = 'button[data-consent="declined"]';
  const shown = await page.evaluate((sel: string) => !!document.querySelector(sel)?.checkVisibility(), declined);
  if (shown) {
    await click(page, { host: 'body', selector: declined });
    await page.waitForFunction((sel: string) => !document.querySelector(sel)?.checkVisibility(), {}, declined);
  }
}
