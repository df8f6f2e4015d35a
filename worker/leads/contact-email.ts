/**
 * The sales team's email about a new contact message: plain text into the outbox with the
 * lead (worker/outbox/delivery.ts sends it). User text goes only into the body; the
 * subject is ours alone.
 */
import type { NewLead } from './model.ts';
import type { Notification } from '../outbox/index.ts';
import { consentLine, messageLines, personLines } from '../outbox/email-text.ts';

/** The notification of a new contact message (spec §3 "contact inquiry"). */
export function contactNotification(leadId: string, lead: NewLead, recipient: string): Notification {
  const body = [
    'Nowa wiadomość z formularza kontaktowego Kserowo.',
    '',
    ...personLines(lead),
    consentLine(lead.marketingConsent ?? false),
    '',
    ...messageLines(leadId, lead),
  ].join('\n');
  return {
    recipient,
    replyTo: lead.email,
    subject: `Nowa wiadomość z formularza kontaktowego [${leadId.slice(0, 8)}]`,
    body,
  };
}
