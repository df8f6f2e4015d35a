/**
 * No lost interaction before a widget upgrades, for the loader: a click, tap or
 * key activation on a pre-rendered widget whose code has not arrived yet is remembered
 * by its element's position in the pre-rendered markup (which equals the first client
 * render, as widgets/core/define.ts relies on for focus), the widget shows it is busy
 * (`aria-busy`, a progress cursor, the touched control dimmed) and, once the code has
 * run, the same control of the live widget is clicked again. Links are left to the
 * browser (but for a press the upgrade interrupts: `pressed`); a submit button does not
 * submit the pre-rendered form natively.
 */

interface Click {
  el: HTMLElement;
  name: string;
  index: number;
}

/** Elements of a widget's tree in document order, as the pre-render and the first render share them. */
const elementsOf = (host: Element): Element[] => [...(host.shadowRoot ?? host).querySelectorAll(':not(style)')];

const pending = new Map<HTMLElement, Click[]>();

function settle(host: HTMLElement, clicks: Click[]): void {
  pending.delete(host);
  host.removeAttribute('aria-busy');
  host.style.cursor = '';
  for (const { el } of clicks) el.style.opacity = '';
}

/** Remembers an activation inside `host`, a widget whose code has not run yet. */
export function remember(host: HTMLElement, event: Event): void {
  const el = event.composedPath()[0];
  if (!(el instanceof HTMLElement) || el === host || el.closest('a[href]')) return;
  // A pre-rendered form must not submit itself natively (Enter in a field clicks its submit button too),
  // and a pre-rendered switch or filter must not flip natively too: the live widget's click does it.
  const control = el instanceof HTMLInputElement ? el : el.closest('label')?.control;
  const flips = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
  if (flips || el.closest('button:not([type=button]),input[type=submit]')) event.preventDefault();
  const clicks = pending.get(host) ?? [];
  // A click on a label is followed by the browser's click on its control: replayed once, through the label.
  const previous = clicks[clicks.length - 1]?.el;
  if (previous instanceof HTMLLabelElement && previous.control === el) return;
  clicks.push({ el, name: el.localName, index: elementsOf(host).indexOf(el) });
  pending.set(host, clicks);
  host.setAttribute('aria-busy', 'true');
  host.style.cursor = 'progress';
  el.style.opacity = '0.6';
}

/** Clicks `targets` in order, each after the live widget has rendered what the one before changed. */
function clickInTurn(targets: Element[]): void {
  const [el, ...rest] = targets;
  if (!el) return;
  // A control the previous click's render removed is not clicked (its step has gone).
  if (el.isConnected) (el as HTMLElement).click();
  // Preact renders a state change after the current task: the next click must see it
  // (a device chosen, then 'Dalej', must not find the step still without a device).
  if (rest.length) setTimeout(() => clickInTurn(rest));
}

/** Once the code of `tag` has run: clicks again, on the live widget, what was clicked before. */
export function replay(tag: string, tries = 30): void {
  let again = false;
  for (const [host, clicks] of pending) {
    if (host.localName !== tag) continue;
    const now = elementsOf(host);
    const targets = clicks.map(({ index }) => now[index]).filter((el, i) => el?.localName === clicks[i]?.name);
    // The first render may wait for data (e.g. the catalogue): look again shortly.
    if (targets.length < clicks.length && tries > 0) {
      again = true;
      continue;
    }
    settle(host, clicks);
    // Found by position in the first render (which equals the pre-render), before any click changes it.
    clickInTurn(targets as Element[]);
  }
  if (again) setTimeout(() => replay(tag, tries - 1), 100);
}

/**
 * A pointer pressed on a pre-rendered widget: if the upgrade replaces the pressed element
 * before the pointer comes up, the browser sends no click at all (the element pressed is
 * gone), so a tapped link would do nothing. The same element of the live widget is clicked
 * then, once the click would have come; a press the browser cancels (a scroll) clicks nothing.
 */
export function pressed(host: HTMLElement, event: Event): void {
  const el = event.composedPath()[0];
  if (!(el instanceof Element) || el === host) return;
  const index = elementsOf(host).indexOf(el);
  const end = (e: Event) => {
    removeEventListener('pointerup', end, true);
    removeEventListener('pointercancel', end, true);
    const live = elementsOf(host)[index];
    // The click would come in this task: after it.
    if (e.type === 'pointerup' && !el.isConnected && live?.localName === el.localName)
      setTimeout(() => (live as HTMLElement).click());
  };
  addEventListener('pointerup', end, true);
  addEventListener('pointercancel', end, true);
}

/** Drops what was remembered for `tag` (its code failed to load). */
export function forget(tag: string): void {
  for (const [host, clicks] of pending) if (host.localName === tag) settle(host, clicks);
}
