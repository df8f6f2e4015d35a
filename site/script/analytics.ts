/**
 * Analytics of our own pages (DESIGN §2 table, spec §7, §9): CTA clicks and scroll
 * depth, pushed with `track()` only where `window.dataLayer` exists (after consent and
 * with a tag manager configured), plus the cookie banner that decides that.
 */
import { track, trackMeasure } from '../../widgets/core/analytics.ts';
import { initConsent } from './consent.ts';

/**
 * A CTA is a link of the page whose URL carries `utm_campaign` (e.g. hero_cta), or one
 * marked `data-cta="<campaign>"`. Widgets report their own CTAs (on partner pages too),
 * so clicks inside a live `kserowo-*` element are theirs; inside pre-rendered markup
 * not yet upgraded, ours.
 */
function ctaOf(event: Event): { campaign: string; href: string } | undefined {
  const path = event.composedPath();
  if (path.some((node) => node instanceof Element && node.localName.startsWith('kserowo-') && node.matches(':defined')))
    return undefined;
  for (const node of path) {
    if (!(node instanceof HTMLAnchorElement) || !node.hasAttribute('href')) continue;
    const href = node.getAttribute('href') ?? '';
    let campaign = node.dataset.cta;
    try {
      campaign ||= new URL(href, location.href).searchParams.get('utm_campaign') ?? '';
    } catch {
      // Not a URL: not a campaign link.
    }
    return campaign ? { campaign, href } : undefined;
  }
  return undefined;
}

function trackCtaClicks(): void {
  document.addEventListener(
    'click',
    (event) => {
      const cta = ctaOf(event);
      if (cta) track({ event: 'cta_click', event_category: 'cta', event_action: cta.campaign, event_label: cta.href });
    },
    { capture: true, passive: true },
  );
}

export const SCROLL_MARKS = [25, 50, 75, 100] as const;
/** At most one scroll-depth event per this many ms (spec §9). */
export const SCROLL_GAP_MS = 2000;

/**
 * Scroll depth: each mark once, when the visitor has scrolled that share of the
 * scrollable height; marks passed together are sent one by one, 2 s apart.
 */
function trackScrollDepth(): void {
  let reached = 0;
  let sent = 0;
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    if (timer !== undefined || sent >= reached) return;
    const wait = last + SCROLL_GAP_MS - Date.now();
    if (wait > 0) {
      timer = setTimeout(() => {
        timer = undefined;
        flush();
      }, wait);
      return;
    }
    const mark = SCROLL_MARKS[sent++] as number;
    last = Date.now();
    // The value is a share of the page, not money: no currency (trackMeasure).
    trackMeasure({
      event: 'scroll_depth',
      event_category: 'engagement',
      event_action: 'scroll',
      event_label: `${mark}%`,
      value: mark,
    });
    flush();
  };

  const onScroll = (): void => {
    const root = document.documentElement;
    const scrollable = root.scrollHeight - innerHeight;
    const percent = scrollable <= 0 ? 100 : (scrollY / scrollable) * 100;
    while (reached < SCROLL_MARKS.length && percent >= (SCROLL_MARKS[reached] as number) - 0.5) reached++;
    flush();
    if (sent === SCROLL_MARKS.length) removeEventListener('scroll', onScroll);
  };
  addEventListener('scroll', onScroll, { passive: true });
}

initConsent();
trackCtaClicks();
trackScrollDepth();
