/**
 * Analytics pushes (DESIGN §2 table, spec §3, §7, §9). Only to what the page has:
 * `window.dataLayer` and `window.fbq` are never created here, so a page without
 * consent or without a tag manager gets nothing.
 */

export interface TrackingEvent {
  event: string;
  event_category?: string;
  event_action?: string;
  event_label?: string;
  value?: number;
  currency?: string;
  [custom: string]: unknown;
}

type Fbq = (command: 'track' | 'trackCustom', name: string, params?: Record<string, unknown>) => void;

interface AnalyticsWindow {
  dataLayer?: unknown[];
  fbq?: Fbq;
}

const win = (): AnalyticsWindow | undefined =>
  typeof window === 'undefined' ? undefined : (window as unknown as AnalyticsWindow);

/** Pushes to `dataLayer` when it exists; `currency` defaults to PLN wherever a value is sent. */
export function track(event: TrackingEvent): void {
  trackMeasure(event.value !== undefined && event.currency === undefined ? { ...event, currency: 'PLN' } : event);
}

/**
 * Pushes an event whose `value` is a measure, not money (scroll depth in percent): as given,
 * without a currency, so analytics never counts it as revenue.
 */
export function trackMeasure(event: TrackingEvent): void {
  const layer = win()?.dataLayer;
  if (Array.isArray(layer)) layer.push(event);
}

/** What a stored lead is worth to analytics (spec §9: 'A lead event with value 100 PLN'). */
export const LEAD_VALUE = 100;

/** Calls the social pixel when it exists. */
export function pixel(command: 'track' | 'trackCustom', name: string, params?: Record<string, unknown>): void {
  const fbq = win()?.fbq;
  if (typeof fbq !== 'function') return;
  if (params) fbq(command, name, params);
  else fbq(command, name);
}
