/**
 * The site script (budget 4 KB gzipped): small page behaviours on top of static HTML
 * that works without it: the header's 'Oferta' dropdown (hover, tap, keyboard), the
 * burger menu below 1024 px (focus trap, Escape), the counters of '{product} w liczbach'
 * (spec §4, §9), the logo's text fallback, and the fallbacks: 'Aplikacja nie może się
 * załadować' when the widget script could not load, and each widget area's own fallback when its
 * widget's code fails to load or the widget fails to render; a note while a widget's code is late.
 */
import './analytics.ts';

const focusable = (root: ParentNode) =>
  [...root.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.offsetParent !== null);

/* ---- 'Oferta' dropdown: hover with a mouse, tap or click, Enter/Space/ArrowDown, Escape ---- */
function setupDropdown(item: HTMLElement): void {
  const toggle = item.querySelector('button')!;
  const links = () => [...item.querySelectorAll<HTMLElement>('.submenu a')];
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  let openedByHover = false;
  const set = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    item.classList.toggle('open', open);
    if (!open) openedByHover = false;
  };
  // A click right after the mouse opened the menu by hovering keeps it open instead of closing it.
  toggle.addEventListener('click', () => {
    if (openedByHover) openedByHover = false;
    else set(!isOpen());
  });
  item.addEventListener('pointerenter', (e) => {
    if (e.pointerType !== 'mouse' || isOpen()) return;
    set(true);
    openedByHover = true;
  });
  item.addEventListener('pointerleave', (e) => {
    if (e.pointerType === 'mouse') set(false);
  });
  item.addEventListener('keydown', (e) => {
    const list = links();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape' && isOpen()) {
      e.stopPropagation();
      set(false);
      toggle.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!isOpen()) set(true);
      const next =
        at < 0
          ? e.key === 'ArrowDown'
            ? 0
            : list.length - 1
          : (at + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length;
      list[next]?.focus();
    }
  });
  item.addEventListener('focusout', (e) => {
    if (!item.contains(e.relatedTarget as Node | null)) set(false);
  });
  document.addEventListener('click', (e) => {
    if (!item.contains(e.target as Node)) set(false);
  });
}

/* ---- Burger menu: opens the navigation as a panel, traps focus, closes on Escape ---- */
function setupBurger(burger: HTMLButtonElement, nav: HTMLElement): void {
  const isOpen = () => burger.getAttribute('aria-expanded') === 'true';
  const set = (open: boolean, restoreFocus = false) => {
    burger.setAttribute('aria-expanded', String(open));
    burger.setAttribute('aria-label', open ? 'Zamknij menu' : 'Menu');
    document.body.classList.toggle('menu-open', open);
    if (open) focusable(nav)[0]?.focus();
    else if (restoreFocus) burger.focus();
  };
  burger.addEventListener('click', () => set(!isOpen()));
  // A link in the panel (also '#faq' on the home page) closes it.
  nav.addEventListener('click', (e) => {
    if (isOpen() && (e.target as Element).closest('a')) set(false);
  });
  document.addEventListener('keydown', (e) => {
    if (!isOpen()) return;
    if (e.key === 'Escape') {
      set(false, true);
    } else if (e.key === 'Tab') {
      const ring = [burger, ...focusable(nav)];
      const at = ring.indexOf(document.activeElement as HTMLElement);
      const next = at < 0 ? 0 : (at + (e.shiftKey ? ring.length - 1 : 1)) % ring.length;
      e.preventDefault();
      ring[next]!.focus();
    }
  });
  matchMedia('(min-width: 1024px)').addEventListener('change', (e) => e.matches && isOpen() && set(false));
}

/* ---- Counters: from 0 up to the target in 2000 ms with a 50 ms tick, once, at 30% visible ---- */
const COUNT_MS = 2000;
const TICK_MS = 50;

function setupCounters(group: HTMLElement): void {
  const counters = [...group.querySelectorAll<HTMLElement>('[data-count-to]')];
  const show = (el: HTMLElement, value: number) => (el.textContent = `${value}${el.dataset.suffix ?? ''}`);
  if (!('IntersectionObserver' in window) || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  for (const el of counters) show(el, 0);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      group.dataset.counted = 'true';
      const steps = COUNT_MS / TICK_MS;
      let step = 0;
      const timer = setInterval(() => {
        step++;
        for (const el of counters) show(el, Math.round((Number(el.dataset.countTo) * step) / steps));
        if (step >= steps) clearInterval(timer);
      }, TICK_MS);
    },
    { threshold: 0.3 },
  );
  observer.observe(group);
}

/* ---- Logo: the brand name as text when the image fails ---- */
function setupLogo(img: HTMLImageElement): void {
  const fail = () => img.closest('.logo')?.classList.add('logo-failed');
  if (img.complete && img.naturalWidth === 0) fail();
  img.addEventListener('error', fail);
}

/* ---- Fallbacks (spec §2, §8) ---- */
/** Every widget element under `root`, whatever its tag: a widget added later is covered without a list to update. */
const widgetsIn = (root: ParentNode): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>('*')].filter((el) => el.localName.startsWith('kserowo-'));

/** A widget still showing its 'Ładowanie...' placeholder (nothing pre-rendered to read). */
const isPlaceholder = (el: Element): boolean =>
  !!(el.shadowRoot?.querySelector('.loading') ?? el.querySelector(':scope > .widget-loading'));

/**
 * An area's fallback takes the place of its placeholders and of a widget that failed to
 * render; pre-rendered widgets stay readable below it.
 */
function showFallback(area: Element, failed?: Element): void {
  const fallback = area.querySelector<HTMLElement>('[data-widget-fallback]');
  if (!fallback) return;
  fallback.removeAttribute('hidden');
  for (const note of area.querySelectorAll('[data-widget-slow]')) note.textContent = '';
  for (const el of widgetsIn(area)) if (el === failed || isPlaceholder(el)) el.style.display = 'none';
}

const areasOf = (tag?: string): Element[] =>
  [...document.querySelectorAll('[data-widget-area]')].filter((a) => (tag ? a.querySelector(tag) : widgetsIn(a)[0]));

/** Failures that happened before this script listened: a widget's code the loader could not load, a widget showing its error. */
function showEarlierFailures(): void {
  for (const tag of document.documentElement.dataset.kserowoFailed?.split(' ') ?? [])
    for (const area of areasOf(tag)) showFallback(area);
  for (const area of areasOf())
    for (const el of widgetsIn(area))
      if ((el.shadowRoot ?? el).querySelector('.k-root.fallback')) showFallback(area, el);
}

/**
 * A widget's code late on a slow connection (the loader's `kserowo:slow`, or <html data-kserowo-slow>
 * when it came before this script listened): its area's live region says the part is still loading,
 * the pre-rendered content and the spinner stay, and the note goes when the code arrives.
 */
function showSlow(tag: string): void {
  const notes = areasOf(tag).flatMap((area) => [...area.querySelectorAll<HTMLElement>('[data-widget-slow]')]);
  for (const note of notes) note.textContent = note.dataset.widgetSlow ?? '';
  customElements.whenDefined(tag).then(() => {
    for (const note of notes) note.textContent = '';
  });
}

function showAppFallbackIfWidgetsMissing(): void {
  showEarlierFailures();
  if (widgetsIn(document).length === 0 || document.documentElement.dataset.kserowo === 'ready') return;
  document.getElementById('app-fallback')?.removeAttribute('hidden');
  for (const area of areasOf()) showFallback(area);
}

document.documentElement.classList.add('js');
document.querySelectorAll<HTMLElement>('[data-dropdown]').forEach(setupDropdown);
const burger = document.querySelector<HTMLButtonElement>('.burger');
const nav = document.getElementById('site-nav');
if (burger && nav) setupBurger(burger, nav);
document.querySelectorAll<HTMLElement>('[data-counters]').forEach(setupCounters);
const logo = document.querySelector<HTMLImageElement>('.logo img');
if (logo) setupLogo(logo);
// The loader's failure to load a widget's code (on document, with the tag), or a
// widget's render error (from the element). Other errors (a form's validation, network) are the widget's own.
document.addEventListener('kserowo:error', (e) => {
  const { kind, tag } = (e as CustomEvent<{ kind?: string; tag?: string }>).detail ?? {};
  if (e.target === document && kind === 'network') for (const area of areasOf(tag)) showFallback(area);
  else if (kind === 'render' && e.target instanceof Element) {
    const area = e.target.closest('[data-widget-area]');
    if (area) showFallback(area, e.target);
  }
});
document.addEventListener('kserowo:slow', (e) => {
  const { tag } = (e as CustomEvent<{ tag?: string }>).detail ?? {};
  if (tag) showSlow(tag);
});
for (const tag of document.documentElement.dataset.kserowoSlow?.split(' ') ?? []) showSlow(tag);
showEarlierFailures();
window.addEventListener('load', showAppFallbackIfWidgetsMissing);
