/**
 * The sales team's email about a new quote: plain text into the outbox with the lead
 * (worker/outbox/delivery.ts sends it). The quote number is only known inside the batch, so the
 * text carries a placeholder the batch replaces (quotes/model.ts). User text goes only
 * into the body; the subject is ours alone.
 */
import { consentLine, line, messageLines, personLines } from '../outbox/email-text.ts';
import type { NewLead } from '../leads/index.ts';
import { NUMBER_PLACEHOLDER, type NewQuote } from './model.ts';
import type { Notification } from '../outbox/index.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { QUOTE_TEXT } from '../../widgets/core/quote-text.ts';
import { QUOTE_VALID_DAYS, TERM_LABELS } from '../../widgets/core/quote.ts';
import { adviceRows, comparisonRows, estimateRows } from './estimate-text.ts';

export function quoteNotification(
  leadId: string,
  lead: NewLead,
  quote: NewQuote,
  pageUrl: string,
  recipient: string,
): Notification {
  const p = quote.price;
  const volume = QUOTE_TEXT.volume(p);
  const body = [
    `Nowa wycena ${NUMBER_PLACEHOLDER} z konfiguratora Kserowo.`,
    '',
    line('Urządzenie', p.deviceName),
    line('Pakiet', p.levelName),
    line('Okres umowy', TERM_LABELS[p.term]),
    line('Papier', QUOTE_TEXT.paper(p.paper)),
    line('W cenie', QUOTE_TEXT.included(p)),
    line('Ponad limit', QUOTE_TEXT.overage(p)),
    line('Cena miesięcznie', `${formatPln(p.monthlyNet, 2)} netto / ${formatPln(p.monthlyGross, 2)} brutto`),
    line('Deklarowany wolumen', volume && `${volume} → ${formatPln(p.estimatedNet, 2)} netto`),
    ...estimateRows(quote.estimate).map(([l, v]) => line(l, v)),
    ...comparisonRows(quote.comparison).map(([l, v]) => line(l, v)),
    ...adviceRows(quote.advice).map(([l, v]) => line(l, v)),
    line(`Wycena (ważna ${QUOTE_VALID_DAYS} dni)`, pageUrl),
    '',
    ...personLines(lead),
    line('Firma', lead.company),
    line('NIP', quote.nip),
    line('Miejscowość', quote.city),
    consentLine(quote.marketingConsent),
    '',
    ...messageLines(leadId, lead),
  ].join('\n');
  return {
    recipient,
    replyTo: lead.email,
    subject: `Nowa wycena ${NUMBER_PLACEHOLDER}: ${p.deviceName}, ${p.levelName}`,
    body,
  };
}
