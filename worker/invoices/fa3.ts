/**
 * The FA(3) e-invoice (namespace http://crd.gov.pl/wzor/2025/06/25/13775/) of an invoice
 * document (document.ts), as KSeF takes it: UTF-8 without a byte-order mark, elements in the
 * schema's order, every Adnotacje element present. Pure: the same document gives the same
 * bytes. The vendored XSD (ksef/spec/faktury/schemy/FA/) checks every invoice the tests make.
 *
 * A correction (KOR) lists the corrected lines as they were (StanPrzed) and as they are now,
 * each as its own row, and states net, VAT and gross as the difference, as FA(3) asks; it
 * names the corrected invoice by its number, date and KSeF number (DaneFaKorygowanej), and
 * says when it counts (TypKorekty: document.ts `correctionEffect`). One that lowers the amount
 * carries no payment order (no Platnosc) but what happens to the difference (DodatkowyOpis).
 */
import { escapeHtml } from '../admin-shared/html.ts';
import { VAT_PERCENT } from '../../widgets/core/pricing.ts';
import { type Buyer, type InvoiceDocument, type InvoiceLine, correctionSettlement } from './document.ts';
import { dateText } from '../../widgets/core/dates.ts';

export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

/** What identifies the program that made the XML (FA(3) SystemInfo). */
export const SYSTEM_INFO = 'Kserowo';

/** Characters XML 1.0 does not allow, dropped from any text a person typed. */
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const text = (value: string): string => escapeHtml(value.replace(NOT_IN_XML, '').trim());

/** Grosze as FA(3) writes an amount: '274.00', '-12.34'. */
export function amount(grosze: number): string {
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(grosze);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A unit price in zł with up to 8 decimals, no binary noise: 0.08 → '0.08', 195 → '195.00'. */
export function unitPrice(pln: number): string {
  const fixed = pln.toFixed(8).replace(/0+$/, '');
  const [whole, fraction = ''] = fixed.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** An element holding elements, and what a tree of them holds (`null`, `undefined`, `false`: nothing). */
interface Group {
  open: string;
  close: string;
  children: Node[];
}
type Node = string | Group | null | undefined | false | Node[];

const el = (name: string, value: string | number): string =>
  `<${name}>${typeof value === 'number' ? value : text(value)}</${name}>`;
const group = (name: string, ...children: Node[]): Group => ({ open: `<${name}>`, close: `</${name}>`, children });

/** One element per line, each level indented by two spaces. */
function render(node: Node, depth: number, out: string[]): void {
  if (node === null || node === undefined || node === false) return;
  if (typeof node === 'string') out.push(`${'  '.repeat(depth)}${node}`);
  else if (Array.isArray(node)) for (const child of node) render(child, depth, out);
  else {
    out.push(`${'  '.repeat(depth)}${node.open}`);
    for (const child of node.children) render(child, depth + 1, out);
    out.push(`${'  '.repeat(depth)}${node.close}`);
  }
}

const address = (line: string): Group => group('Adres', el('KodKraju', 'PL'), el('AdresL1', line));

/**
 * FA(3) Podmiot3 of a JST or VAT-group buyer, as the XSD's notes on JST and GV ask: the unit
 * that receives the invoice, by its NIP, with role 8 (JST – odbiorca) or 10 (członek grupy VAT).
 */
function receivingUnit(buyer: Buyer): Group | undefined {
  const unit = buyer.unit;
  if (!unit || !(buyer.jst || buyer.gv)) return undefined;
  return group(
    'Podmiot3',
    group('DaneIdentyfikacyjne', el('NIP', unit.nip), el('Nazwa', unit.name)),
    unit.address && address(unit.address),
    el('Rola', buyer.jst ? 8 : 10),
  );
}

function buyerIdentity(buyer: Buyer): Group {
  return group('DaneIdentyfikacyjne', buyer.nip ? el('NIP', buyer.nip) : el('BrakID', 1), el('Nazwa', buyer.name));
}

/** The counters an overage line's pages come from, for its DodatkowyOpis. */
export function countersText(line: InvoiceLine): string | undefined {
  const c = line.counters;
  if (!c) return undefined;
  const colour = line.kind === 'color' ? 'kolor' : 'mono';
  const from = c.from ? `${c.from.value} (${dateText(c.from.readOn)})` : 'pierwszy odczyt miesiąca';
  return `Licznik ${colour}: ${from} → ${c.to.value} (${dateText(c.to.readOn)})${c.reset ? ', z wymianą licznika' : ''}`;
}

function row(line: InvoiceLine, n: number, before: boolean): Group {
  return group(
    'FaWiersz',
    el('NrWierszaFa', n),
    el('P_7', line.name),
    el('P_8A', line.unit),
    el('P_8B', line.quantity),
    el('P_9A', unitPrice(line.unitPrice)),
    el('P_11', amount(line.netGr)),
    el('P_12', String(VAT_PERCENT)),
    before && el('StanPrzed', 1),
  );
}

/** The rows of the invoice: a correction's lines before (marked StanPrzed), then the lines as they are. */
function rowsOf(doc: InvoiceDocument): { line: InvoiceLine; before: boolean }[] {
  return [
    ...(doc.correction?.before ?? []).map((line) => ({ line, before: true })),
    ...doc.lines.map((line) => ({ line, before: false })),
  ];
}

/**
 * The months an overage line's pages span (they are billed in arrears, on a later invoice than
 * their month, so OkresFa, the invoice's own month, does not say it): '10.2026', '09.2026–10.2026'.
 */
export function pagesMonthsText(line: InvoiceLine): string | undefined {
  if (line.kind === 'fee' || line.months.length === 0) return undefined;
  const month = (m: string) => `${m.slice(5, 7)}.${m.slice(0, 4)}`;
  const first = month(line.months[0] as string);
  const last = month(line.months.at(-1) as string);
  return first === last ? first : `${first}–${last}`;
}

/** The FA(3) XML of an invoice document, UTF-8 text without a byte-order mark. */
export function fa3Xml(doc: InvoiceDocument): string {
  const rows = rowsOf(doc);
  const notes = rows.flatMap(({ line }, i) => {
    const counters = countersText(line);
    const months = pagesMonthsText(line);
    return [
      months &&
        group('DodatkowyOpis', el('NrWiersza', i + 1), el('Klucz', 'Strony za miesiące'), el('Wartosc', months)),
      counters && group('DodatkowyOpis', el('NrWiersza', i + 1), el('Klucz', 'Liczniki'), el('Wartosc', counters)),
    ];
  });
  const k = doc.correction;
  // A correction that lowers the amount orders no payment: it says what happens to the difference.
  const settlement = correctionSettlement(doc);
  if (settlement) notes.push(group('DodatkowyOpis', el('Klucz', 'Rozliczenie korekty'), el('Wartosc', settlement)));
  const tree: Group = {
    open: `<Faktura xmlns="${FA3_NAMESPACE}">`,
    close: '</Faktura>',
    children: [
      group(
        'Naglowek',
        '<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>',
        el('WariantFormularza', 3),
        el('DataWytworzeniaFa', doc.createdAt),
        el('SystemInfo', SYSTEM_INFO),
      ),
      group(
        'Podmiot1',
        group('DaneIdentyfikacyjne', el('NIP', doc.seller.nip), el('Nazwa', doc.seller.name)),
        address(doc.seller.address),
        group('DaneKontaktowe', el('Email', doc.seller.email)),
      ),
      group(
        'Podmiot2',
        buyerIdentity(doc.buyer),
        doc.buyer.address && address(doc.buyer.address),
        el('JST', doc.buyer.jst ? 1 : 2),
        el('GV', doc.buyer.gv ? 1 : 2),
      ),
      receivingUnit(doc.buyer),
      group(
        'Fa',
        el('KodWaluty', 'PLN'),
        el('P_1', doc.issueDate),
        el('P_1M', doc.seller.city),
        el('P_2', doc.number),
        group('OkresFa', el('P_6_Od', doc.periodFrom), el('P_6_Do', doc.periodTo)),
        el('P_13_1', amount(doc.netGr)),
        el('P_14_1', amount(doc.vatGr)),
        el('P_15', amount(doc.grossGr)),
        group(
          'Adnotacje',
          // No cash accounting, no self-billing, no reverse charge, no split-payment notice
          // (rental is not a service of the VAT Act's annex 15), no exemption, no new means of
          // transport, no simplified triangular procedure, no margin scheme.
          el('P_16', 2),
          el('P_17', 2),
          el('P_18', 2),
          el('P_18A', 2),
          group('Zwolnienie', el('P_19N', 1)),
          group('NoweSrodkiTransportu', el('P_22N', 1)),
          el('P_23', 2),
          group('PMarzy', el('P_PMarzyN', 1)),
        ),
        el('RodzajFaktury', doc.kind),
        k && el('PrzyczynaKorekty', k.reason),
        k?.type && el('TypKorekty', k.type),
        k &&
          group(
            'DaneFaKorygowanej',
            el('DataWystFaKorygowanej', k.corrected.issueDate),
            el('NrFaKorygowanej', k.corrected.number),
            el('NrKSeF', 1),
            el('NrKSeFFaKorygowanej', k.corrected.ksefNumber),
          ),
        k?.buyerBefore &&
          group('Podmiot2K', buyerIdentity(k.buyerBefore), k.buyerBefore.address && address(k.buyerBefore.address)),
        notes,
        rows.map(({ line, before }, i) => row(line, i + 1, before)),
        !settlement &&
          group(
            'Platnosc',
            group('TerminPlatnosci', el('Termin', doc.dueDate)),
            el('FormaPlatnosci', 6),
            doc.seller.bankAccount && group('RachunekBankowy', el('NrRB', doc.seller.bankAccount)),
          ),
        group(
          'WarunkiTransakcji',
          group('Umowy', el('DataUmowy', doc.contract.date), el('NrUmowy', doc.contract.number)),
        ),
      ),
    ],
  };
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  render(tree, 0, out);
  return `${out.join('\n')}\n`;
}
