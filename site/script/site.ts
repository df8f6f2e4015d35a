/**
 * The site script (budget 4 KB gzipped): small page behaviours on top of static HTML
 * that works without it: the header's 'Oferta' dropdown (hover, tap, keyboard), the
 * burger menu below 1024 px (focus trap, Escape), the counters of '{product} w liczbach'
 * (spec §4, §9), the logo's text fallback, and the fallbacks: 'Aplikacja nie może się
 * załadować' when the widget script could not load, the city page's own when a widget fails.
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

/* ---- Fallbacks ---- */
function showWidgetFallbacks(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-widget-fallback]')) el.removeAttribute('hidden');
}

function showAppFallbackIfWidgetsMissing(): void {
  const hasWidgets = document.querySelector('kserowo-pricing, kserowo-models, kserowo-contact, kserowo-configurator');
  if (!hasWidgets || document.documentElement.dataset.kserowo === 'ready') return;
  document.getElementById('app-fallback')?.removeAttribute('hidden');
  showWidgetFallbacks();
}

document.documentElement.classList.add('js');
document.querySelectorAll<HTMLElement>('[data-dropdown]').forEach(setupDropdown);
const burger = document.querySelector<HTMLButtonElement>('.burger');
const nav = document.getElementById('site-nav');
if (burger && nav) setupBurger(burger, nav);
document.querySelectorAll<HTMLElement>('[data-counters]').forEach(setupCounters);
const logo = document.querySelector<HTMLImageElement>('.logo img');
if (logo) setupLogo(logo);
// The loader's failure (on document) or a widget's render error inside a city page's widget area.
document.addEventListener('kserowo:error', (e) => {
  const kind = (e as CustomEvent<{ kind?: string }>).detail?.kind;
  const inArea = e.target === document || (e.target as Element).closest?.('[data-widget-area]');
  if (inArea && (kind === 'render' || kind === 'network')) showWidgetFallbacks();
});
window.addEventListener('load', showAppFallbackIfWidgetsMissing);
