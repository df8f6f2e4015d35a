/**
 * What a CRM hears of an order (`order.signed`, `order.installed`): the order, its quote's
 * device and price, the signer, the delivery and the acceptance proof.
 */
import type { OrderRow } from './model.ts';
import type { StoredQuote } from '../quotes/index.ts';

/** The webhook data of an order's events (docs/webhooks.md "The payload"). */
export function orderEvent(order: OrderRow, quote: StoredQuote): Record<string, unknown> {
  let attribution: unknown = {};
  try {
    attribution = JSON.parse(order.attribution);
  } catch {
    // stored by us as JSON
  }
  return {
    id: order.id,
    leadId: order.lead_id,
    quoteNumber: quote.number,
    status: order.status,
    company: { name: order.company_name, nip: order.company_nip, vatStatus: order.vat_status },
    signer: { name: order.signer_name, position: order.signer_position, email: order.signer_email },
    deviceId: quote.price.deviceId,
    level: quote.price.level,
    term: quote.price.term,
    monthlyNet: quote.price.monthlyNet,
    delivery: { city: order.delivery_city, date: order.delivery_date },
    termsVersion: order.terms_version,
    documentSha256: order.document_sha256,
    acceptedAt: order.accepted_at,
    attribution,
  };
}
