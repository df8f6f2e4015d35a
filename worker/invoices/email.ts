/**
 * "Your invoice is ready": the e-mail to a contract's billing address once KSeF has accepted
 * an invoice, with the link to its copy (/faktura/<id>: the KSeF number, KOD I and the XML).
 * Plain Polish text; the subject is ours alone. The KSeF sender calls `queueInvoiceReadyEmail`
 * when KSeF accepts; it writes the e-mail into the outbox once per invoice and hands it to
 * the e-mail queue.
 */
import { transferTitle } from '../admin-shared/ksef-number.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { line } from '../outbox/email-text.ts';
import { contractById } from '../contracts/index.ts';
import { type Notification, notificationsOfAbout, standaloneNotificationStatement } from '../outbox/index.ts';
import { company } from '../../widgets/core/company.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { dateText, monthText } from '../../widgets/core/dates.ts';
import { toPln } from '../../widgets/core/pricing.ts';
import type { InvoiceDocument } from './document.ts';
import { invoiceById, ksefStateOf } from './model.ts';

export interface InvoiceReadyFacts {
  id: string;
  recipient: string;
  doc: InvoiceDocument;
  ksefNumber: string;
}

/** The outbox's `about` of an invoice's e-mail: one e-mail per invoice. */
export const invoiceAbout = (invoiceId: string): string => `invoice:${invoiceId}`;

/** The e-mail itself. */
export function invoiceReadyEmail(f: InvoiceReadyFacts, origin = company.url): Notification {
  const kor = f.doc.kind === 'KOR';
  const what = kor ? 'Faktura korygująca' : 'Faktura';
  const amount = formatPln(toPln(f.doc.grossGr), 2);
  return {
    recipient: f.recipient,
    subject: `Kserowo: ${what.toLowerCase()} ${f.doc.number} za ${monthText(f.doc.period)} (umowa ${f.doc.contract.number})`,
    body: [
      'Dzień dobry,',
      '',
      kor
        ? `wystawiliśmy fakturę korygującą ${f.doc.number} do faktury ${f.doc.correction?.corrected.number ?? ''} za ${monthText(f.doc.period)}. KSeF ją przyjął.`
        : `wystawiliśmy fakturę ${f.doc.number} za ${monthText(f.doc.period)}. KSeF ją przyjął.`,
      '',
      line('Umowa', f.doc.contract.number),
      line('Nabywca', f.doc.buyer.name),
      line(kor ? 'Kwota korekty brutto' : 'Do zapłaty brutto', amount),
      ...(f.doc.grossGr > 0 ? [line('Termin płatności', dateText(f.doc.dueDate))] : []),
      line('Numer KSeF', f.ksefNumber),
      ...(f.doc.grossGr > 0 && f.doc.kind !== 'KOR'
        ? [line('Tytuł przelewu', transferTitle(f.doc.number, f.ksefNumber))]
        : []),
      '',
      'Fakturę z kodem QR do sprawdzenia w KSeF i plik XML znajdziesz tutaj:',
      `${origin}/faktura/${f.id}`,
      '',
      'Link prowadzi do Twojej faktury: nie przekazuj go osobom spoza firmy.',
      `Wszystkie faktury są też na Twoim koncie: ${origin}/konto`,
      '',
      `Pytania: ${company.email}`,
      'Zespół Kserowo',
    ].join('\n'),
  };
}

/**
 * Writes the "invoice ready" e-mail of an accepted invoice into the outbox (once: a second
 * call does nothing) and puts it on the e-mail queue. Answers the outbox id, or null when
 * nothing was written (no such invoice, no KSeF number yet, no billing address, already sent).
 */
export async function queueInvoiceReadyEmail(
  env: Pick<Env, 'DB' | 'EMAIL_QUEUE'>,
  invoiceId: string,
  origin = company.url,
): Promise<number | null> {
  const [invoice, ksef] = await Promise.all([invoiceById(env.DB, invoiceId), ksefStateOf(env.DB, invoiceId)]);
  if (!invoice?.document || !ksef?.ksef_number) return null;
  const contract = await contractById(env.DB, invoice.contract_id);
  if (!contract?.billingEmail) return null;
  if ((await notificationsOfAbout(env.DB, invoiceAbout(invoiceId))).length > 0) return null;
  const mail = invoiceReadyEmail(
    {
      id: invoice.id,
      recipient: contract.billingEmail,
      doc: JSON.parse(invoice.document) as InvoiceDocument,
      ksefNumber: ksef.ksef_number,
    },
    origin,
  );
  const row = await standaloneNotificationStatement(env.DB, invoiceAbout(invoiceId), mail).first<{ id: number }>();
  if (!row) return null;
  await enqueueNotification(env, row.id);
  return row.id;
}
