/**
 * Webhooks to a CRM (issue 18, DESIGN §7): the event types and the owner's endpoint form.
 * Only HTTPS; `http://127.0.0.1` / `http://localhost` only where the worker runs with
 * WEBHOOKS_ALLOW_LOCAL_HTTP = "1" (tests, local development).
 */
import * as v from 'valibot';

export const WEBHOOK_EVENTS = [
  'lead.created',
  'quote.created',
  'lead.status_changed',
  'ticket.created',
  'ticket.status_changed',
  'meter.created',
  'toner.ordered',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'lead.created': 'nowy lead (kontakt i wycena)',
  'quote.created': 'nowa wycena z konfiguratora',
  'lead.status_changed': 'zmiana statusu leada',
  'ticket.created': 'nowe zgłoszenie serwisowe',
  'ticket.status_changed': 'zmiana statusu zgłoszenia',
  'meter.created': 'nowy odczyt licznika',
  'toner.ordered': 'zamówienie tonera ze strefy klienta',
};

export const WEBHOOK_ERRORS = {
  url: 'Podaj pełny adres HTTPS odbiorcy (np. https://crm.example.pl/webhooks/kserowo).',
  localUrl: 'Adresy http:// są dozwolone tylko dla 127.0.0.1 i localhost w trybie testowym.',
  events: 'Wybierz co najmniej jedno zdarzenie z listy.',
} as const;

/** Whether `url` may receive webhooks: https anywhere, http only to this machine when allowed. */
export function webhookUrlProblem(url: string, allowLocalHttp: boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return WEBHOOK_ERRORS.url;
  }
  if (parsed.username || parsed.password) return WEBHOOK_ERRORS.url;
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(parsed.hostname))
    return allowLocalHttp ? undefined : WEBHOOK_ERRORS.localUrl;
  return WEBHOOK_ERRORS.url;
}

/** Length limits of the webhook form, for the schema and the admin's inputs. */
export const WEBHOOK_LIMITS = { url: 500 } as const;

export const endpointSchema = v.object({
  url: v.pipe(v.string(WEBHOOK_ERRORS.url), v.trim(), v.maxLength(WEBHOOK_LIMITS.url, WEBHOOK_ERRORS.url)),
  events: v.pipe(
    v.array(v.picklist(WEBHOOK_EVENTS, WEBHOOK_ERRORS.events), WEBHOOK_ERRORS.events),
    v.minLength(1, WEBHOOK_ERRORS.events),
  ),
  active: v.optional(v.boolean(), true),
});

export const endpointChangeSchema = v.object({
  events: v.optional(endpointSchema.entries.events),
  active: v.optional(v.boolean()),
  /** true: a new secret (the old one stops signing at once). */
  rotateSecret: v.optional(v.boolean()),
});
