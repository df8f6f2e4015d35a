/**
 * The printable quote page `/wycena/{id}` (DESIGN §4): Polish HTML rendered by the worker,
 * `noindex`, with a print stylesheet and a 'Drukuj / zapisz PDF' button. Rendered from
 * TSX with preact-render-to-string, which escapes every value a visitor typed. Its only
 * script and style are allowed by hash in its own CSP.
 */
import type { ComponentChildren, VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { company, realPhone, realValue } from '../../widgets/core/company.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { VAT_PERCENT } from '../../widgets/core/pricing.ts';
import { QUOTE_VALID_DAYS, TERM_LABELS } from '../../widgets/core/quote.ts';
import { QUOTE_TEXT, pagesAt } from '../../widgets/core/quote-text.ts';
import { PACKAGE_COPY } from '../../widgets/core/packages.ts';
import { PAGE_COUNTING, hasSla, withinWorkingHours } from '../../widgets/core/terms.ts';
import type { StoredQuote } from './model.ts';
import { privatePageCsp } from '../../widgets/core/headers.ts';
import { adviceRows, comparisonRows, estimateRows } from './estimate-text.ts';
import { dateText } from '../../widgets/core/dates.ts';
import { warsawDay } from '../../widgets/core/warsaw-time.ts';

/** The printable sheet's styles, shared with the order page (orders/page.tsx). */
export const SHEET_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1c2430;background:#eef2f7}
.sheet{max-width:820px;margin:24px auto;padding:32px;background:#fff;border:1px solid #d8e0ea;border-radius:10px}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px;border-bottom:3px solid #0b5cad;padding-bottom:16px;margin-bottom:20px}
.brand{font-size:26px;font-weight:800;color:#0b5cad;margin:0}
.muted{color:#4b5563;font-size:14px}
h1{font-size:24px;margin:0 0 4px}
h2{font-size:18px;margin:24px 0 8px}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #d8e0ea;vertical-align:top}
th{width:42%;font-weight:600;color:#4b5563}
.money td{text-align:right;font-variant-numeric:tabular-nums}
.money tr.total td,.money tr.total th{font-size:18px;font-weight:800;color:#1c2430;border-bottom:2px solid #1c2430}
.trial{padding:12px 14px;border-left:4px solid #0f7b3f;background:#e6f4ec;border-radius:4px}
.actions{max-width:820px;margin:16px auto 0}.actions p{display:flex;flex-wrap:wrap;gap:12px;margin:0}
.btn{display:inline-flex;align-items:center;min-height:44px;padding:10px 20px;border-radius:10px;border:2px solid #0b5cad;background:#0b5cad;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.btn.ghost{background:#fff;color:#0b5cad}
:focus-visible{outline:3px solid #f5a524;outline-offset:2px}
@media (max-width:600px){.sheet{margin:12px 0 0;border-radius:0;padding:20px}.actions{padding:0 12px}th{width:50%}}
@media print{
  @page{size:A4;margin:16mm}
  body{background:#fff;font-size:12pt}
  .sheet{margin:0;padding:0;border:0;max-width:none}
  .actions{display:none}
  a{color:inherit;text-decoration:none}
  tr,table{page-break-inside:avoid}
}`;

/** The print button's script of the printable pages (quote, invoice copy), allowed by hash in each CSP. */
export const PRINT_SCRIPT = `document.getElementById('print').addEventListener('click',function(){window.print()})`;

let csp: Promise<string> | undefined;

/** The page's own CSP: nothing but its inline style and print script, by hash. */
export const quotePageCsp = (): Promise<string> => (csp ??= privatePageCsp(SHEET_STYLE, PRINT_SCRIPT));

/** A printable page around `children` (the quote, the invoice copy): head with its style, body with the print script when asked. */
export function SheetPage({
  title,
  style = SHEET_STYLE,
  script,
  children,
}: {
  title: string;
  style?: string;
  script?: boolean;
  children: ComponentChildren;
}) {
  return (
    <html lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <title>{title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our constant stylesheet, allowed by hash in the CSP */}
        <style dangerouslySetInnerHTML={{ __html: style }} />
      </head>
      <body>
        {children}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our constant print script, allowed by hash in the CSP */}
        {script && <script dangerouslySetInnerHTML={{ __html: PRINT_SCRIPT }} />}
      </body>
    </html>
  );
}

export const sheetHtml = (page: VNode): string => `<!doctype html>\n${renderToString(page)}\n`;

/** Lines with a line break between them. */
function Lines({ lines }: { lines: (string | false | null | undefined)[] }) {
  const shown = lines.filter((l): l is string => !!l);
  return <>{shown.flatMap((l, i) => (i ? [<br key={l} />, l] : [l]))}</>;
}

const Row = ({ label, value }: { label: string; value: string }) => (
  <tr>
    <th scope="row">{label}</th>
    <td>{value}</td>
  </tr>
);

function QuoteSheet({ quote }: { quote: StoredQuote }) {
  const p = quote.price;
  const c = quote.contact;
  const { service: facts } = company;
  const colour = p.overageColor !== undefined;
  const service = hasSla(p.level)
    ? `SLA ${facts.premiumSlaHours}h – reakcja serwisu ${withinWorkingHours(facts.premiumSlaHours)} (standardowo ${withinWorkingHours(facts.standardResponseHours)}); urządzenie zastępcze na czas dłuższej naprawy`
    : `reakcja serwisu ${withinWorkingHours(facts.standardResponseHours)}`;
  const pages = QUOTE_TEXT.volume(p);
  // Only real values on the document: never a sample or an unset one.
  const phone = realPhone()?.display;
  return (
    <>
      <div className="actions">
        <p>
          <a className="btn" href={`/zamowienie/${quote.id}`}>
            Zamów online
          </a>
          <button type="button" className="btn ghost" id="print">
            Drukuj / zapisz PDF
          </button>
          <a className="btn ghost" href="/konfigurator">
            Nowa konfiguracja
          </a>
        </p>
      </div>
      <main className="sheet">
        <header>
          <div>
            <p className="brand">{company.brand}</p>
            <p className="muted">
              <Lines
                lines={[
                  realValue('legalName'),
                  realValue('registeredAddress'),
                  realValue('nip') && `NIP ${company.nip}`,
                  phone && `tel. ${phone}`,
                  company.salesEmail,
                  company.domain,
                ]}
              />
            </p>
          </div>
          <div>
            <h1>Wycena nr {quote.number}</h1>
            <p className="muted">
              Data wystawienia: {dateText(warsawDay(new Date(quote.createdAt)))}
              <br />
              Ważna do: {dateText(warsawDay(new Date(quote.expiresAt)))} ({QUOTE_VALID_DAYS} dni)
            </p>
          </div>
        </header>
        <h2>Dla</h2>
        <p>
          <Lines lines={[c.company, c.nip && `NIP ${c.nip}`, c.name, c.city, c.email, c.phone && `tel. ${c.phone}`]} />
        </p>
        <h2>Konfiguracja</h2>
        <table>
          <tbody>
            <Row label="Urządzenie" value={`${p.deviceName} (${colour ? 'kolor' : 'mono'}, odnowione)`} />
            <Row label="Pakiet" value={p.levelName} />
            <Row label="Okres umowy" value={TERM_LABELS[p.term] ?? String(p.term)} />
            <Row label="W cenie miesięcznie" value={QUOTE_TEXT.included(p)} />
            <Row label="Strony ponad limit" value={QUOTE_TEXT.overage(p)} />
            <Row label="Jak liczymy strony" value={PAGE_COUNTING} />
            <Row label="Serwis" value={service} />
            <Row label="W abonamencie" value={PACKAGE_COPY[p.level].features[0] ?? ''} />
            <Row label="Papier" value={QUOTE_TEXT.paper(p.paper)} />
          </tbody>
        </table>
        <h2>Cena abonamentu miesięcznie</h2>
        <table className="money">
          <tbody>
            <Row label="Netto" value={formatPln(p.monthlyNet, 2)} />
            <Row label={`VAT ${VAT_PERCENT}%`} value={formatPln(p.monthlyVat, 2)} />
            <tr className="total">
              <th scope="row">Brutto</th>
              <td>{formatPln(p.monthlyGross, 2)}</td>
            </tr>
          </tbody>
        </table>
        {pages && (
          <>
            <h2>Szacunkowy koszt przy {pagesAt(p.volume.mono, p.volume.color)} miesięcznie</h2>
            <table className="money">
              <tbody>
                <Row label="Netto (abonament + strony ponad limit)" value={formatPln(p.estimatedNet, 2)} />
                <Row label="Brutto" value={formatPln(p.estimatedGross, 2)} />
              </tbody>
            </table>
          </>
        )}
        {[
          ['Szacunek liczby stron', estimateRows(quote.estimate)] as const,
          ['Porównanie z obecną umową', comparisonRows(quote.comparison)] as const,
          ['Polecana oferta przy tej liczbie stron', adviceRows(quote.advice)] as const,
        ].map(
          ([title, rows]) =>
            rows.length > 0 && (
              <>
                <h2>{title}</h2>
                <table>
                  <tbody>
                    {rows.map(([label, value]) => (
                      <Row key={label} label={label} value={value} />
                    ))}
                  </tbody>
                </table>
              </>
            ),
        )}
        <p className="trial">
          <strong>{facts.freeTrialDays} dni bezpłatnego testu</strong> – przed podpisaniem umowy możesz sprawdzić
          urządzenie w swojej firmie.
        </p>
        <p className="muted">
          Wszystkie ceny podane są w złotych netto; do ceny doliczamy {VAT_PERCENT}% VAT. Wycena ma charakter
          informacyjny i nie stanowi oferty w rozumieniu Kodeksu cywilnego; wiążące warunki określi umowa.
          {c.message && (
            <>
              <br />
              Twoja wiadomość: {c.message}
            </>
          )}
        </p>
        <h2>Kontakt</h2>
        <p>
          {[company.salesEmail, company.email, phone].filter(Boolean).join(' · ')}
          <br />
          <span className="muted">
            {company.openingHours.displayLong}. {company.serviceAreaNote}
          </span>
        </p>
      </main>
    </>
  );
}

/** The printable quote. */
export function renderQuotePage(quote: StoredQuote): string {
  return sheetHtml(
    <SheetPage title={`Wycena ${quote.number} | ${company.brand}`} script>
      <QuoteSheet quote={quote} />
    </SheetPage>,
  );
}

/** The page for a quote that does not exist or has expired. */
export function renderMissingQuotePage(expired: boolean): string {
  const title = expired ? 'Wycena wygasła' : 'Nie znaleziono wyceny';
  const text = expired
    ? `Ta wycena wygasła: wyceny są ważne ${QUOTE_VALID_DAYS} dni. Przygotuj nową w konfiguratorze lub skontaktuj się z nami.`
    : 'Nie znaleziono wyceny o tym adresie. Sprawdź link albo przygotuj nową wycenę w konfiguratorze.';
  return sheetHtml(
    <SheetPage title={`${title} | ${company.brand}`}>
      <main className="sheet">
        <h1>{title}</h1>
        <p>{text}</p>
        <p>
          <a className="btn" href="/konfigurator">
            Przejdź do konfiguratora
          </a>{' '}
          <a className="btn ghost" href="/">
            Strona główna
          </a>
        </p>
        <p className="muted">{company.salesEmail}</p>
      </main>
    </SheetPage>,
  );
}
