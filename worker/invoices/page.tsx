/**
 * The customer's copy of an invoice, `/faktura/<id>` (the id is the page's secret): a
 * printable Polish page of the invoice as issued (its stored document: seller, buyer, lines
 * with the counters of the pages over the allowance, totals, payment), its KSeF number once
 * KSeF has accepted it (a plain Polish state before), the KOD I QR code with the KSeF number
 * or OFFLINE under it, and the FA(3) XML to download. `noindex`, its own CSP: nothing but its
 * style and print script, by hash; the QR code is inline SVG without script or style.
 */
import { transferTitle } from '../admin-shared/ksef-number.ts';
import { company, markSample } from '../../widgets/core/company.ts';
import { formatNumber, formatPln } from '../../widgets/core/format.ts';
import { privatePageCsp } from '../../widgets/core/headers.ts';
import { VAT_PERCENT, toPln } from '../../widgets/core/pricing.ts';
import { ksefStatusLabel } from '../admin-shared/admin-api-invoices.ts';
import { PRINT_SCRIPT, SHEET_STYLE, SheetPage, sheetHtml } from '../quotes/page.tsx';
import { correctionSettlement, type InvoiceDocument, type InvoiceLine } from './document.ts';
import { countersText } from './fa3.ts';
import { kodILabel, kodILink } from './kod-i.ts';
import { qrSvg } from './qr.ts';
import { dateText } from '../../widgets/core/dates.ts';

const STYLE = `${SHEET_STYLE}
.lines th,.lines td{width:auto;font-size:14px}.lines td.num,.lines th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.lines .note{display:block;color:#4b5563;font-size:13px}.lines td:first-child{min-width:220px}.lines tr.before td{color:#4b5563}
.table-scroll{overflow-x:auto}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:8px 24px}
.ksef{display:flex;flex-wrap:wrap;gap:16px 24px;align-items:flex-start;margin-top:24px;padding:16px;border:1px solid #d8e0ea;border-radius:10px}
.ksef figure{margin:0;text-align:center}.ksef figcaption{font:600 13px/1.4 ui-monospace,monospace;word-break:break-all;max-width:200px}
.state{padding:8px 12px;border-left:4px solid #b45309;background:#fef3c7;border-radius:4px}
.state.ok{border-color:#0f7b3f;background:#e6f4ec}.ksef a{word-break:break-all}.ksef>div{min-width:0;flex:1 1 260px}
@media print{.ksef{page-break-inside:avoid}}
@media screen and (max-width:560px){.table-scroll{overflow:visible}.lines caption{text-align:left}
.lines thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.lines tbody,.lines tr,.lines td{display:block}.lines tr{padding:8px 0;border-bottom:1px solid #d8e0ea}
.lines th,.lines td{border:0;padding:2px 0}.lines td:first-child{min-width:0;font-weight:600}
.lines td.num{display:flex;justify-content:space-between;gap:12px}.lines td.num::before{content:attr(data-label);color:#4b5563}}`;

let csp: Promise<string> | undefined;
/** The copy's own CSP: its inline style and print script, by hash. */
export const invoicePageCsp = (): Promise<string> => (csp ??= privatePageCsp(STYLE, PRINT_SCRIPT));

/** 26 digits as people write an account: '41 1010 0000 0000 0000 1234 5678'. */
const accountText = (nrb: string): string => `${nrb.slice(0, 2)} ${nrb.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}`;
const money = (grosze: number): string => formatPln(toPln(grosze), 2);
/** A per-page rate as written on the invoice: 0,08 zł, 0,035 zł. */
const rate = (pln: number): string => `${formatNumber(pln, Math.max(2, (String(pln).split('.')[1] ?? '').length))} zł`;

function Rows({ lines, before }: { lines: InvoiceLine[]; before?: boolean }) {
  return (
    <>
      {lines.map((l) => {
        const counters = countersText(l);
        return (
          <tr key={`${before ? 'b' : 'a'}${l.kind}${l.serial}`} className={before ? 'before' : undefined}>
            <td>
              {l.name}
              {counters && <span className="note">{counters}</span>}
            </td>
            <td className="num" data-label="Ilość">
              {formatNumber(l.quantity)} {l.unit}
            </td>
            <td className="num" data-label="Cena netto">
              {rate(l.unitPrice)}
            </td>
            <td className="num" data-label="Wartość netto">
              {money(l.netGr)}
            </td>
            <td className="num" data-label="VAT">
              {VAT_PERCENT}%
            </td>
          </tr>
        );
      })}
    </>
  );
}

function LinesTable({ caption, lines, before }: { caption: string; lines: InvoiceLine[]; before?: boolean }) {
  return (
    <div className="table-scroll">
      <table className="lines">
        <caption className="muted">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Nazwa</th>
            <th scope="col" className="num">
              Ilość
            </th>
            <th scope="col" className="num">
              Cena netto
            </th>
            <th scope="col" className="num">
              Wartość netto
            </th>
            <th scope="col" className="num">
              VAT
            </th>
          </tr>
        </thead>
        <tbody>
          <Rows lines={lines} before={before ?? false} />
        </tbody>
      </table>
    </div>
  );
}

export interface InvoiceCopy {
  id: string;
  doc: InvoiceDocument;
  xmlSha256: string;
  ksefStatus: string | null;
  ksefNumber: string | null;
  /** The environment's KOD I host (`KSEF_QR_URL`). */
  qrBase: string;
  /** An invoice's corrections (KOR) issued so far, with the change of the gross each made. */
  corrections?: { id: string; number: string; issueDate: string; grossGr: number }[];
  /** What is owed on an invoice (after its corrections) and paid so far; absent for a correction or a rejected invoice. */
  balance?: { dueGr: number; paidGr: number } | null;
}

/** A rejected invoice's copy: plainly not an invoice, nothing owed, no payment order, no KSeF code. */
function RejectedSheet({ copy }: { copy: InvoiceCopy }) {
  const { doc } = copy;
  return (
    <main className="sheet">
      <h1>To nie jest jeszcze faktura</h1>
      <p className="state">
        KSeF odrzucił dokument nr {doc.number} (umowa nr {doc.contract.number}, okres {dateText(doc.periodFrom)} –{' '}
        {dateText(doc.periodTo)}), więc faktura nie została wystawiona i nic na jej podstawie nie jest należne. Nie płać
        według tego dokumentu.
      </p>
      <p>
        {doc.kind === 'KOR'
          ? 'Poprawimy dane i wystawimy nową fakturę korygującą. '
          : 'Poprawimy dane i wystawimy fakturę ponownie pod tym samym numerem. '}
        Gdy KSeF ją przyjmie, wyślemy Ci e-mail z numerem KSeF i linkiem do faktury.
      </p>
      <p className="muted">
        Pytania: {company.email}.{' '}
        <a className="btn ghost" href="/konto">
          Twoje konto
        </a>
      </p>
    </main>
  );
}

/** An invoice's corrections and what is left to pay after them. */
function Corrections({ copy }: { copy: InvoiceCopy }) {
  const list = copy.corrections ?? [];
  if (!list.length) return null;
  const b = copy.balance;
  return (
    <>
      <h2>Korekty tej faktury</h2>
      <ul>
        {list.map((k) => (
          <li key={k.id}>
            <a href={`/faktura/${k.id}`}>Faktura korygująca nr {k.number}</a> z dnia {dateText(k.issueDate)}: brutto{' '}
            {k.grossGr > 0 ? '+' : ''}
            {money(k.grossGr)}
          </li>
        ))}
      </ul>
      {b && (
        <p>
          Po korektach do zapłaty: <strong>{money(b.dueGr)}</strong>, wpłacono: {money(b.paidGr)}, pozostało:{' '}
          <strong>{money(Math.max(0, b.dueGr - b.paidGr))}</strong>.
        </p>
      )}
    </>
  );
}

/** The payment paragraph: a payment order, a correction's settlement, or nothing left to pay. */
function Payment({ copy }: { copy: InvoiceCopy }) {
  const { doc } = copy;
  const settlement = correctionSettlement(doc);
  if (settlement) return <p>{settlement}</p>;
  if (doc.kind === 'KOR' && doc.grossGr === 0) return <p>Korekta nie zmienia kwoty do zapłaty.</p>;
  const left = copy.balance && copy.corrections?.length ? copy.balance.dueGr - copy.balance.paidGr : null;
  if (left !== null && left <= 0) return <p>Po korektach nic nie pozostało do zapłaty.</p>;
  return (
    <p>
      Przelewem{left !== null && <> kwotę {money(left)}</>} do {dateText(doc.dueDate)}
      {doc.seller.bankAccount && <> na rachunek {markSample('bankAccount', accountText(doc.seller.bankAccount))}</>}, w
      tytule: {transferTitle(doc.number, copy.ksefNumber)}
      {copy.ksefNumber ? ' (numer KSeF faktury i jej numer)' : ''}.
    </p>
  );
}

function InvoiceSheet({ copy }: { copy: InvoiceCopy }) {
  const { doc } = copy;
  const kor = doc.kind === 'KOR' ? doc.correction : undefined;
  const title = kor ? `Faktura korygująca nr ${doc.number}` : `Faktura VAT nr ${doc.number}`;
  const link = kodILink(copy.qrBase, doc.seller.nip, doc.issueDate, copy.xmlSha256);
  const label = kodILabel(copy.ksefNumber);
  return (
    <>
      <div className="actions">
        <p>
          <button type="button" className="btn" id="print">
            Drukuj / zapisz PDF
          </button>
          <a className="btn ghost" href={`/faktura/${copy.id}/xml`} download>
            Pobierz plik XML (KSeF)
          </a>
          <a className="btn ghost" href="/konto">
            Twoje konto
          </a>
        </p>
      </div>
      <main className="sheet">
        <header>
          <div>
            <p className="brand">{company.brand}</p>
            <p className="muted">{company.email}</p>
          </div>
          <div>
            <h1>{title}</h1>
            <p className="muted">
              Data wystawienia: {dateText(doc.issueDate)}, {doc.seller.city}
              <br />
              Okres: {dateText(doc.periodFrom)} – {dateText(doc.periodTo)}
              <br />
              Umowa nr {doc.contract.number} z dnia {dateText(doc.contract.date)}
            </p>
          </div>
        </header>
        <div className="parties">
          <section>
            <h2>Sprzedawca</h2>
            <p>
              {markSample('legalName', doc.seller.name)}
              <br />
              {markSample('registeredAddress', doc.seller.address)}
              <br />
              NIP {markSample('nip', doc.seller.nip)}
            </p>
          </section>
          <section>
            <h2>Nabywca</h2>
            <p>
              {doc.buyer.name}
              {doc.buyer.address && (
                <>
                  <br />
                  {doc.buyer.address}
                </>
              )}
              <br />
              {doc.buyer.nip ? `NIP ${doc.buyer.nip}` : 'bez NIP'}
            </p>
          </section>
          {doc.buyer.unit && (doc.buyer.jst || doc.buyer.gv) && (
            <section>
              <h2>{doc.buyer.jst ? 'Odbiorca (jednostka JST)' : 'Odbiorca (członek grupy VAT)'}</h2>
              <p>
                {doc.buyer.unit.name}
                {doc.buyer.unit.address && (
                  <>
                    <br />
                    {doc.buyer.unit.address}
                  </>
                )}
                <br />
                NIP {doc.buyer.unit.nip}
              </p>
            </section>
          )}
        </div>
        {kor && (
          <>
            <h2>Korekta</h2>
            <p>
              Koryguje fakturę nr {kor.corrected.number} z dnia {dateText(kor.corrected.issueDate)} (numer KSeF{' '}
              {kor.corrected.ksefNumber}).
              <br />
              Przyczyna: {kor.reason}
            </p>
            <h2>Przed korektą</h2>
            <LinesTable caption="Pozycje faktury przed korektą" lines={kor.before} before />
            <h2>Po korekcie</h2>
          </>
        )}
        {!kor && <h2>Pozycje</h2>}
        <LinesTable caption={kor ? 'Pozycje po korekcie' : 'Pozycje faktury'} lines={doc.lines} />
        <h2>{kor ? 'Różnica do zapłaty lub zwrotu' : 'Razem'}</h2>
        <table className="money">
          <tbody>
            <tr>
              <th scope="row">Netto</th>
              <td>{money(doc.netGr)}</td>
            </tr>
            <tr>
              <th scope="row">VAT {VAT_PERCENT}%</th>
              <td>{money(doc.vatGr)}</td>
            </tr>
            <tr className="total">
              <th scope="row">Brutto</th>
              <td>{money(doc.grossGr)}</td>
            </tr>
          </tbody>
        </table>
        <Corrections copy={copy} />
        <h2>Płatność</h2>
        <Payment copy={copy} />
        <section className="ksef" aria-labelledby="ksef-title">
          <figure>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the QR code's SVG is drawn by qr.ts from the KOD I link alone */}
            <div dangerouslySetInnerHTML={{ __html: qrSvg(link, `Kod QR KSeF (KOD I): ${link}`) }} />
            <figcaption>{label}</figcaption>
          </figure>
          <div>
            <h2 id="ksef-title">Krajowy System e-Faktur (KSeF)</h2>
            {copy.ksefNumber ? (
              <p className="state ok">
                Faktura przyjęta w KSeF. Numer KSeF: <strong>{copy.ksefNumber}</strong>
              </p>
            ) : (
              <p className="state">
                Faktura {ksefStatusLabel(copy.ksefStatus)}. Numer KSeF pojawi się tutaj, gdy KSeF przyjmie fakturę –
                zwykle w ciągu kilku minut. Wyślemy Ci wtedy e-mail.
              </p>
            )}
            <p className="muted">
              Zeskanuj kod, aby sprawdzić fakturę w KSeF, albo otwórz adres: <a href={link}>{link}</a>
            </p>
          </div>
        </section>
      </main>
    </>
  );
}

/** The printable copy of an invoice. */
export function renderInvoicePage(copy: InvoiceCopy): string {
  const kind =
    copy.ksefStatus === 'rejected'
      ? 'Dokument odrzucony przez KSeF'
      : copy.doc.kind === 'KOR'
        ? 'Faktura korygująca'
        : 'Faktura';
  return sheetHtml(
    <SheetPage style={STYLE} title={`${kind} ${copy.doc.number} | ${company.brand}`} script>
      {copy.ksefStatus === 'rejected' ? <RejectedSheet copy={copy} /> : <InvoiceSheet copy={copy} />}
    </SheetPage>,
  );
}

/** The page for an address that names no invoice. */
export function renderMissingInvoicePage(): string {
  return sheetHtml(
    <SheetPage style={STYLE} title={`Nie znaleziono faktury | ${company.brand}`}>
      <main className="sheet">
        <h1>Nie znaleziono faktury</h1>
        <p>Nie znaleziono faktury o tym adresie. Sprawdź link z e-maila albo otwórz listę faktur na swoim koncie.</p>
        <p>
          <a className="btn" href="/konto">
            Twoje konto
          </a>
        </p>
        <p className="muted">{company.email}</p>
      </main>
    </SheetPage>,
  );
}
