/**
 * The cookie banner's behaviour (DESIGN §3, spec §7): shows it while no choice is
 * stored, remembers 'Akceptuję' / 'Odrzucam' for `CONSENT_KEPT_MONTHS`, reopens from the footer
 * link, logs every choice, and loads the tag manager and pixel only after acceptance
 * and only when the banner carries their ids (widgets/core/site-analytics.ts).
 */

import { CONSENT_KEPT_MONTHS } from '../../widgets/core/site-analytics.ts';

export type ConsentChoice = 'accepted' | 'declined';

const STORAGE_KEY = 'kserowo:consent';
const MAX_AGE_MS = (CONSENT_KEPT_MONTHS / 12) * 365 * 24 * 3600 * 1000;
const GTM_SCRIPT = 'https://www.googletagmanager.com/gtm.js?id=';
const PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: unknown;
  loaded: boolean;
  version: string;
};
type TagWindow = Window & { dataLayer?: unknown[]; fbq?: Fbq; _fbq?: Fbq };

/** The stored choice, unless it is older than `CONSENT_KEPT_MONTHS`. */
export function storedConsent(): ConsentChoice | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { choice?: string; at?: number } | null;
    if (
      saved &&
      (saved.choice === 'accepted' || saved.choice === 'declined') &&
      Date.now() - (saved.at ?? 0) < MAX_AGE_MS
    )
      return saved.choice;
  } catch {
    // Storage blocked: ask again on every page.
  }
  return undefined;
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

let loaded = false;

/** Loads the configured tools once: Google Tag Manager, then the Meta pixel. */
function loadTools(banner: HTMLElement): void {
  if (loaded) return;
  loaded = true;
  const w = window as TagWindow;
  const { gtm, pixel } = banner.dataset;
  if (gtm) {
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(GTM_SCRIPT + encodeURIComponent(gtm));
  }
  if (pixel && !w.fbq) {
    // Meta's own stub: calls queue until fbevents.js takes over.
    const fbq = ((...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    }) as Fbq;
    Object.assign(fbq, { push: fbq, loaded: true, version: '2.0', queue: [] });
    w.fbq = w._fbq = fbq;
    addScript(PIXEL_SCRIPT);
    fbq('init', pixel);
    fbq('track', 'PageView');
  }
}

/**
 * Shows or hides the banner. While it is shown, nothing may sit under it: the page gets room
 * below so its end scrolls above it, and `--consent-offset` (its height) lifts the sticky compare
 * bar and the toasts above it and keeps focused fields clear of it (site.css).
 */
function show(banner: HTMLElement, open: boolean): void {
  banner.hidden = !open;
  measure(banner);
}

function measure(banner: HTMLElement): void {
  const height = banner.hidden ? 0 : Math.ceil(banner.getBoundingClientRect().height);
  document.body.style.paddingBottom = height ? `${height}px` : '';
  document.documentElement.style.setProperty('--consent-offset', `${height}px`);
}

/**
 * A field or button that gets focus under the banner (a browser may not count the banner)
 * scrolls above it: focus from the keyboard or a script. Focus a pointer press gives (a
 * tap or click, even on <main>, which takes focus for the skip link) is on what the
 * visitor points at, in view: moving the page then would move it from under the pointer
 * and lose the click. Only an element that fits above the banner is moved: a taller one
 * (<main> after the skip link) stays where the browser put it.
 */
function keepClear(banner: HTMLElement, event: Event, pressed: boolean): void {
  if (banner.hidden || pressed) return;
  const target = event.composedPath()[0];
  if (!(target instanceof Element) || banner.contains(target)) return;
  requestAnimationFrame(() => {
    const box = target.getBoundingClientRect();
    const top = banner.getBoundingClientRect().top;
    const below = box.bottom - top;
    if (below > 0 && box.height + 12 <= top) window.scrollBy({ top: below + 12, behavior: 'instant' });
  });
}

function choose(banner: HTMLElement, choice: ConsentChoice): void {
  const before = storedConsent();
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ choice, at: Date.now() }));
  } catch {
    // Not remembered; the choice still holds for this page.
  }
  show(banner, false);
  // Spec §7: accept and decline are logged.
  console.info(`[kserowo] cookies: ${choice}`);
  document.dispatchEvent(new CustomEvent('kserowo:consent', { detail: { choice } }));
  if (choice === 'accepted') loadTools(banner);
  // Withdrawn after the tools ran: reload so that none of them stays on the page.
  else if (before === 'accepted' && loaded) location.reload();
}

export function initConsent(): void {
  const banner = document.getElementById('consent');
  if (!banner) return;
  const choice = storedConsent();
  if (choice === 'accepted') loadTools(banner);
  else if (!choice) show(banner, true);
  // Its height changes with the width (rotation, a resized window).
  if ('ResizeObserver' in window) new ResizeObserver(() => measure(banner)).observe(banner);
  // Focus moving between two fields of one shadow root (a widget's form) never reaches the
  // document: the shadow roots a focus passes through get the same listener.
  const hooked = new WeakSet<ShadowRoot>();
  let pressed = false;
  const onFocus = (event: Event) => {
    for (const node of event.composedPath()) {
      if (!(node instanceof ShadowRoot) || hooked.has(node)) continue;
      hooked.add(node);
      node.addEventListener('focusin', (inner) => keepClear(banner, inner, pressed));
    }
    keepClear(banner, event, pressed);
  };
  document.addEventListener('focusin', onFocus);
  // While a pointer is pressed (focus moves on pointer down, before the click); a key ends it
  // too, should the pointer's release never reach the page (dragged out of the window).
  document.addEventListener('pointerdown', () => (pressed = true), true);
  for (const type of ['pointerup', 'pointercancel'])
    document.addEventListener(type, () => setTimeout(() => (pressed = false)), true);
  document.addEventListener('keydown', () => (pressed = false), true);

  banner.addEventListener('click', (event) => {
    const value = (event.target as Element).closest('[data-consent]')?.getAttribute('data-consent');
    if (value === 'accepted' || value === 'declined') choose(banner, value);
  });
  document.addEventListener('click', (event) => {
    if (!(event.target as Element).closest?.('[data-consent-open]')) return;
    event.preventDefault();
    show(banner, true);
    banner.querySelector<HTMLElement>(`[data-consent="${storedConsent() ?? 'accepted'}"]`)?.focus();
  });
}
