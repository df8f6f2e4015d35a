/**
 * The e-mails of an order placed online, plain text into the outbox: the acceptance code
 * to the signer, then at signing the confirmation of receipt with the whole document (art.
 * 66¹ § 2 k.c.) and the sales team's notice, and the customer's notice of the installation.
 * Subjects are ours alone; the person's text goes only into bodies.
 */
import { company } from '../../widgets/core/company.ts';
import { deliveryDayText } from '../admin-shared/delivery.ts';
import { formatPln } from '../../widgets/core/format.ts';
import type { Notification } from '../outbox/index.ts';
import type { OrderRow } from './model.ts';
import type { StoredQuote } from '../quotes/index.ts';
import { line } from '../outbox/email-text.ts';

export interface OrderLinks {
  /** `/zamowienie/<quote id>` */
  page: string;
  /** `/zamowienie/<quote id>/umowa.txt` */
  document: string;
}

type OrderFacts = Pick<
  OrderRow,
  'signer_email' | 'signer_name' | 'company_name' | 'document_sha256' | 'terms_version' | 'delivery_date'
>;

export function codeMail(
  order: OrderFacts,
  quote: StoredQuote,
  code: string,
  validMinutes: number,
  links: OrderLinks,
): Notification {
  return {
    recipient: order.signer_email,
    subject: `Kod akceptacji umowy najmu do wyceny ${quote.number}: ${code}`,
    body: [
      `Dzień dobry,`,
      '',
      `Twój kod akceptacji umowy najmu urządzenia ${quote.price.deviceName} to: ${code}`,
      '',
      `Wpisz go na stronie zamówienia w ciągu ${validMinutes} minut: ${links.page}`,
      'Kod jest jednorazowy. Wpisanie kodu oznacza złożenie oświadczenia o zawarciu umowy w formie dokumentowej (art. 77² k.c.).',
      '',
      line('Firma', order.company_name),
      line('Umowa (do przeczytania i pobrania)', links.document),
      line('Skrót SHA-256 umowy', order.document_sha256),
      line('Wersja ogólnych warunków najmu', order.terms_version),
      '',
      'Jeśli to nie Ty składasz zamówienie, zignoruj tę wiadomość – bez kodu umowa nie zostanie zawarta.',
      '',
      `${company.brand} · ${company.salesEmail}`,
    ].join('\n'),
  };
}

/** What the signer is asked to do after the acceptance: the verification transfer. */
export interface VerificationAsk {
  amountText: string;
  title: string;
  /** Our account, as the company data gives it. */
  account: string;
  /** The accounts it may come from (the register's for the NIP). */
  from: string;
}

/** The lines of the verification transfer's instructions (the e-mail's; the page says the same). */
export const verificationLines = (v: VerificationAsk): string[] => [
  `Zamówienie czeka teraz na weryfikację firmy (stan: do weryfikacji). Zanim dostarczymy urządzenie, zrób przelew ${v.amountText} z rachunku firmowego:`,
  line('Kwota', v.amountText),
  line('Odbiorca', `${company.legalName}, rachunek ${v.account}`),
  line('Tytuł przelewu', v.title),
  line('Z rachunku', v.from),
  `Kwotę ${v.amountText} zaliczymy na poczet pierwszej faktury. Przelew z rachunku spoza wykazu podatników VAT nie zweryfikuje zamówienia; gdy nie możesz zrobić przelewu, odpowiedz na tę wiadomość – sprawdzimy firmę inaczej.`,
];

/**
 * What a signed order not yet verified is, for the visitor and the signer's e-mail: an order
 * waiting for the company's transfer, not a contract (the code proves a mailbox, not the company).
 */
export const UNVERIFIED_NOTE =
  'Zamówienie czeka na przelew weryfikacyjny firmy: umowa najmu wejdzie w życie i umówimy dostawę dopiero po weryfikacji, że zamawia sama firma.';

/** The delivery day the signer chose: held only once the company is verified. */
export const deliveryWishText = (order: Pick<OrderRow, 'delivery_date' | 'delivery_address'>): string =>
  `Wybrany dzień dostawy i instalacji: ${deliveryDayText(order.delivery_date)}, ${order.delivery_address}. Zarezerwujemy go po weryfikacji firmy (gdy się zapełni, zaproponujemy inny i zadzwonimy przed przyjazdem).`;

/** The confirmation of receipt with the accepted document, to the signer, with the verification to do. */
export function signedMail(
  order: OrderRow,
  quote: StoredQuote,
  acceptedAt: string,
  links: OrderLinks,
  verification?: VerificationAsk,
): Notification {
  return {
    recipient: order.signer_email,
    replyTo: company.salesEmail,
    subject: `Zamówienie podpisane – czeka na przelew weryfikacyjny (wycena ${quote.number})`,
    body: [
      'Dzień dobry,',
      '',
      `potwierdzamy otrzymanie oświadczenia o zawarciu umowy najmu (art. 66¹ § 2 k.c.), złożonego ${acceptedAt} kodem wysłanym na ten adres.`,
      UNVERIFIED_NOTE,
      deliveryWishText(order),
      'Najem rozpocznie protokół instalacji.',
      '',
      ...(verification ? [...verificationLines(verification), ''] : []),
      line('Umowa do pobrania', links.document),
      line('Skrót SHA-256 umowy', order.document_sha256),
      line('Wersja ogólnych warunków najmu', order.terms_version),
      '',
      'Treść umowy:',
      '----------------------------------------',
      order.document,
      '----------------------------------------',
      '',
      `${company.brand} · ${company.salesEmail}`,
    ].join('\n'),
  };
}

/** The sales team's notice of a signed order; Reply-To is the signer. */
export function salesOrderMail(order: OrderRow, quote: StoredQuote, links: OrderLinks): Notification {
  const a = (() => {
    try {
      return JSON.parse(order.attribution) as Record<string, string | undefined>;
    } catch {
      return {};
    }
  })();
  return {
    recipient: company.salesEmail,
    replyTo: order.signer_email,
    subject: `Zamówienie online podpisane, czeka na weryfikację: wycena ${quote.number}, ${quote.price.deviceName}`,
    body: [
      `Zamówienie do wyceny ${quote.number} podpisano kodem z e-maila. To jeszcze nie umowa z tą firmą: kod potwierdza tylko skrzynkę e-mail, nie firmę. Czekamy na przelew weryfikacyjny z rachunku z wykazu VAT; lead jest wygrany, a dzień dostawy zarezerwowany dopiero po weryfikacji.`,
      '',
      line('Firma', order.company_name),
      line('NIP', order.company_nip),
      line('Status VAT (wykaz MF)', order.vat_status ?? 'dane wpisane ręcznie – sprawdź przed instalacją'),
      line('Podpisał(a)', `${order.signer_name}, ${order.signer_position}`),
      line('Email', order.signer_email),
      line('Telefon', order.signer_phone),
      line('Urządzenie', `${quote.price.deviceName}, ${quote.price.levelName}`),
      line('Abonament', `${formatPln(quote.price.monthlyNet, 2)} netto`),
      line('Dostawa', `${deliveryDayText(order.delivery_date)}, ${order.delivery_city}, ${order.delivery_address}`),
      line('Partner', a.partner),
      line('Umowa', links.document),
      line('Skrót SHA-256', order.document_sha256),
      '',
      'Po weryfikacji protokół instalacji wpisz w panelu: Zamówienia.',
    ].join('\n'),
  };
}

/** The customer's notice that the device is installed and the rental has started. */
export function installedMail(
  order: OrderRow,
  quote: StoredQuote,
  installedOn: string,
  serials: string[],
  links: OrderLinks,
): Notification {
  return {
    recipient: order.signer_email,
    replyTo: company.salesEmail,
    subject: `Urządzenie zainstalowane: umowa najmu do wyceny ${quote.number}`,
    body: [
      'Dzień dobry,',
      '',
      `${deliveryDayText(installedOn)} zainstalowaliśmy urządzenie ${quote.price.deviceName} i od tego dnia trwa najem.`,
      line('Numer seryjny', serials.join(', ')),
      line('Umowa', links.document),
      line('Skrót SHA-256 umowy', order.document_sha256),
      '',
      `Urządzenie, umowę, odczyty i zgłoszenia serwisowe zobaczysz w strefie klienta: ${new URL(links.page).origin}/konto (zaloguj się adresem ${order.signer_email}: to e-mail tej umowy).`,
      'Stany liczników podasz co miesiąc na stronie kserowo.pl/licznik; usterki zgłosisz na kserowo.pl/serwis.',
      '',
      `${company.brand} · ${company.salesEmail}`,
    ].join('\n'),
  };
}

/** The signer's notice that the company is verified (by its transfer or by the team): the installation goes ahead. */
export function verifiedMail(
  order: Pick<OrderRow, 'signer_email' | 'company_name' | 'delivery_date' | 'delivery_address'>,
  quoteNumber: string,
  how: string,
  links: OrderLinks,
): Notification {
  return {
    recipient: order.signer_email,
    replyTo: company.salesEmail,
    subject: `Zamówienie ${quoteNumber} zweryfikowane`,
    body: [
      'Dzień dobry,',
      '',
      `zweryfikowaliśmy firmę ${order.company_name} (${how}). Dostawa i instalacja: ${deliveryDayText(order.delivery_date)}, ${order.delivery_address}.`,
      'Przed przyjazdem zadzwonimy, aby potwierdzić godzinę.',
      '',
      line('Zamówienie', links.page),
      '',
      `${company.brand} · ${company.salesEmail}`,
    ].join('\n'),
  };
}
