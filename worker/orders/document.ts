/**
 * The contract document of an order: plain text made from the quote (its frozen prices),
 * the company, the signer, the delivery day and the rental terms of rental-terms.ts. The
 * text is what the customer reads, prints, accepts and receives; its SHA-256 is stored
 * with the order, and `/zamowienie/<quote id>/umowa.txt` serves exactly these bytes.
 */
import { type Company, SAMPLE_MARK, company } from '../../widgets/core/company.ts';
import { deliveryDayText } from '../admin-shared/delivery.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { VAT_PERCENT } from '../../widgets/core/pricing.ts';
import { TERM_LABELS } from '../../widgets/core/quote.ts';
import { QUOTE_TEXT } from '../../widgets/core/quote-text.ts';
import type { OrderParties } from './model.ts';
import type { StoredQuote } from '../quotes/index.ts';
import { RENTAL_TERMS_VERSION, rentalTermsText } from './rental-terms.ts';

export { SAMPLE_MARK };

/**
 * The lessor as registered: name, address, NIP, REGON and KRS from the company data
 * (widgets/core/company.ts `supplied`). A value still given as `sample(…)` is printed with
 * its mark, never as if real; one not given at all says so.
 */
function lessor(c: Company): string {
  const value = (field: 'legalName' | 'registeredAddress' | 'nip' | 'regon' | 'registryEntry', label = '') => {
    const given = c[field];
    if (!given) return `${label}[do uzupełnienia]`;
    return `${label}${given}${c.samples.includes(field) ? ` ${SAMPLE_MARK}` : ''}`;
  };
  return [
    value('legalName'),
    value('registeredAddress', 'adres: '),
    value('nip', 'NIP '),
    value('regon', 'REGON '),
    value('registryEntry'),
  ].join(', ');
}

const nipText = (nip: string): string => `${nip.slice(0, 3)}-${nip.slice(3, 6)}-${nip.slice(6, 8)}-${nip.slice(8)}`;

/** The document's text (UTF-8 when served, hashed and e-mailed); `lessorData` is the company data (a test's own). */
export function contractDocument(quote: StoredQuote, p: OrderParties, lessorData: Company = company): string {
  const price = quote.price;
  const colour = price.overageColor !== undefined;
  return [
    `UMOWA NAJMU URZĄDZENIA WIELOFUNKCYJNEGO do wyceny ${quote.number}`,
    'zawierana w formie dokumentowej (art. 77² Kodeksu cywilnego)',
    '',
    'Wynajmujący:',
    lessor(lessorData),
    '',
    'Najemca:',
    `${p.companyName}, ${p.companyAddress}`,
    [`NIP ${nipText(p.nip)}`, p.regon && `REGON ${p.regon}`, p.krs && `KRS ${p.krs}`].filter(Boolean).join(', '),
    p.vatStatus
      ? `Status VAT w wykazie podatników VAT Ministerstwa Finansów: ${p.vatStatus}`
      : 'Dane firmy wpisane przez Najemcę (niesprawdzone w wykazie podatników VAT)',
    ...(p.register
      ? [
          `Nazwa, adres, REGON i KRS Najemcy według wykazu podatników VAT (zapytanie ${p.register.requestId ?? 'bez identyfikatora'}, ${p.register.at ?? 'bez daty'}).`,
        ]
      : []),
    `reprezentowany przez: ${p.signerName}, ${p.signerPosition} (e-mail ${p.signerEmail}, tel. ${p.signerPhone}), który oświadcza, że jest umocowany do reprezentowania Najemcy przy zawarciu tej umowy.`,
    '',
    '§ 1. Urządzenie i pakiet',
    `Urządzenie: ${price.deviceName} (${colour ? 'kolor' : 'mono'}, odnowione)`,
    `Pakiet: ${price.levelName}`,
    `W abonamencie miesięcznie: ${QUOTE_TEXT.included(price)}`,
    `Strony ponad limit: ${QUOTE_TEXT.overage(price)}`,
    `Papier: ${QUOTE_TEXT.paper(price.paper)}`,
    '',
    '§ 2. Okres najmu',
    `${TERM_LABELS[price.term] ?? String(price.term)} od dnia podpisania protokołu instalacji.`,
    '',
    '§ 3. Czynsz',
    `Abonament miesięczny: ${formatPln(price.monthlyNet, 2)} netto + ${VAT_PERCENT}% VAT (${formatPln(price.monthlyVat, 2)}) = ${formatPln(price.monthlyGross, 2)} brutto.`,
    `Ceny według ${quote.catalogueVersion ? `cennika w wersji ${quote.catalogueVersion}` : 'cennika podstawowego'} z wyceny ${quote.number}; stałe przez cały okres najmu.`,
    '',
    '§ 4. Dostawa i instalacja',
    `Dzień dostawy i instalacji: ${deliveryDayText(p.date)}`,
    `Adres: ${p.deliveryAddress} (obszar obsługi: ${p.city})`,
    '',
    '§ 5. Warunki',
    `Do umowy stosuje się Ogólne warunki najmu urządzeń Kserowo w wersji ${RENTAL_TERMS_VERSION}, przytoczone poniżej w całości.`,
    '',
    rentalTermsText(),
    '',
  ].join('\n');
}
