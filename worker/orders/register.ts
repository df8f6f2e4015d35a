/**
 * Whom an online order may name: only a company the Ministry of Finance's White List knows
 * as an active VAT taxpayer, with its name, address, REGON and KRS as the register gives
 * them (never as typed). The texts that say why a company cannot order online name the way
 * to the sales team, who get the quote's lead with a note and an e-mail; when the register
 * cannot be asked, the order waits (order_requests) and the cron finishes it later.
 */
import { company, realPhone } from '../../widgets/core/company.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { line } from '../outbox/email-text.ts';
import { noteIsNew, noteStatement } from '../leads/notes.ts';
import { type Notification, notificationIfStatement } from '../outbox/statements.ts';
import { type OrderRow, registerAnswerOf } from './model.ts';
import type { CompanyData } from '../company/whitelist-client.ts';

/** How the sales team is reached: the e-mail and, once real, the phone. */
export const salesContact = (): string => {
  const phone = realPhone()?.display;
  return phone ? `${company.salesEmail} lub tel. ${phone}` : company.salesEmail;
};

export const VERIFY_FROM_ANY = 'z dowolnego rachunku firmy, który wykaz podatników VAT podaje dla jej NIP';

/** Which accounts a verification transfer may come from: those the register lists for the NIP (their ends). */
export function verifyFrom(order: Pick<OrderRow, 'register_answer' | 'company_nip'>): string {
  const accounts = registerAnswerOf(order)?.accountNumbers ?? [];
  if (accounts.length === 0)
    return `Wykaz podatników VAT nie podaje żadnego rachunku dla NIP ${order.company_nip}: napisz do nas, zweryfikujemy firmę inaczej.`;
  const ends = accounts.map((a) => `…${a.slice(-4)}`).join(', ');
  return `${VERIFY_FROM_ANY} (${order.company_nip}): ${ends}`;
}

/** Why a company cannot order online: not in the register, or not an active VAT taxpayer. */
export type RegisterRefusal = { kind: 'notFound' } | { kind: 'inactive'; status: string; name: string };

export const REGISTER_TEXTS = {
  /** 422 of the order (and the look-up's 404): the NIP is not in the register. */
  notFound: (quoteNumber: string) =>
    `Tego NIP nie ma w wykazie podatników VAT Ministerstwa Finansów, więc umowy online nie zawrzemy. Sprawdź numer albo napisz do nas: ${salesContact()} – dział sprzedaży ma już Twoją wycenę ${quoteNumber} i przygotuje umowę z Tobą.`,
  /** 422 of the order: registered, but not an active VAT taxpayer. */
  inactive: (status: string, quoteNumber: string) =>
    `Według wykazu podatników VAT Ministerstwa Finansów ta firma nie jest czynnym podatnikiem VAT (status: ${status}), więc umowy online nie zawrzemy. Napisz do nas: ${salesContact()} – dział sprzedaży ma już Twoją wycenę ${quoteNumber} i przygotuje umowę z Tobą.`,
  /** 202 of the order: the register did not answer; the order waits. */
  waiting: (email: string) =>
    `Wykaz podatników VAT Ministerstwa Finansów chwilowo nie odpowiada, a umowę przygotowujemy tylko z danymi firmy z wykazu. Zamówienie czeka: gdy wykaz odpowie, przygotujemy umowę i wyślemy kod akceptacji na adres ${email}. Nic więcej nie musisz robić.`,
} as const;

/** The company of an answer as the order may use it, or why it may not. */
export function registerVerdict(c: CompanyData): RegisterRefusal | undefined {
  return c.vatStatus === 'Czynny' ? undefined : { kind: 'inactive', status: c.vatStatus, name: c.name };
}

export const refusalText = (r: RegisterRefusal, quoteNumber: string): string =>
  r.kind === 'notFound' ? REGISTER_TEXTS.notFound(quoteNumber) : REGISTER_TEXTS.inactive(r.status, quoteNumber);

/** What the sales team's e-mail names of the quote. */
export interface QuoteFacts {
  number: string;
  leadId: string;
  price: { deviceName: string; levelName: string };
}

/** Who tried to order: what the sales team needs to call back. */
export interface WouldBeSigner {
  nip: string;
  signerName: string;
  signerPosition: string;
  signerEmail: string;
  signerPhone: string;
}

/**
 * The quote's lead learns that its order was refused by the register: a note in its history
 * and an e-mail to the sales team with the signer's contact, once per lead and NIP (a second
 * try with the same NIP adds nothing).
 */
export async function refusedOrderToSales(
  env: Pick<Env, 'DB' | 'EMAIL_QUEUE'>,
  quote: QuoteFacts,
  who: WouldBeSigner,
  refusal: RegisterRefusal,
): Promise<void> {
  const reason =
    refusal.kind === 'notFound'
      ? `NIP ${who.nip} nie występuje w wykazie podatników VAT`
      : `${refusal.name} (NIP ${who.nip}) nie jest czynnym podatnikiem VAT (status w wykazie: ${refusal.status})`;
  const note = `Zamówienie online odrzucone: ${reason}. Próbował(a) zamówić: ${who.signerName}, ${who.signerPosition}, ${who.signerEmail}, tel. ${who.signerPhone}. Skontaktuj się i przygotuj umowę poza stroną.`;
  const mail: Notification = {
    recipient: company.salesEmail,
    replyTo: who.signerEmail,
    subject: `Zamówienie online odrzucone przez wykaz VAT: wycena ${quote.number}`,
    body: [
      `Klient chciał zamówić online do wyceny ${quote.number}, ale umowy nie zawarliśmy: ${reason}.`,
      '',
      line('Osoba', `${who.signerName}, ${who.signerPosition}`),
      line('Email', who.signerEmail),
      line('Telefon', who.signerPhone),
      line('Urządzenie', `${quote.price.deviceName}, ${quote.price.levelName}`),
      '',
      'Lead tej wyceny czeka w panelu: Leady.',
    ].join('\n'),
  };
  const fresh = noteIsNew(quote.leadId, note);
  try {
    const [sent] = await env.DB.batch([
      notificationIfStatement(env.DB, quote.leadId, mail, fresh),
      noteStatement(env.DB, quote.leadId, { accountId: null, name: 'Zamówienie online' }, note, fresh),
    ]);
    const id = (sent?.results[0] as { id: number } | undefined)?.id;
    if (id !== undefined) await enqueueNotification(env, id);
  } catch (error) {
    console.error('orders: the refused order could not be noted on its lead', error);
  }
}
