/**
 * The printable quote page `/wycena/{id}` (DESIGN §4): Polish HTML rendered by the worker,
 * `noindex`, with a print stylesheet and a 'Drukuj / zapisz PDF' button. Every value a
 * visitor typed is escaped. Its only script and style are allowed by hash in its own CSP.
 */
import { company } from '../../widgets/core/company.ts';
import { formatNumber, formatPln, formatRate } from '../../widgets/core/format.ts';
import { QUOTE_VALID_DAYS, TERM_LABELS } from '../../widgets/core/quote.ts';
import { PACKAGE_COPY } from '../../widgets/core/packages.ts';
import type { StoredQuote } from '../models/quotes.ts';
import { comparisonRows, estimateRows } from '../../widgets/core/estimate-text.ts';

const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const polishDate = (iso: string): string =>
  new Intl.DateTimeFormat('pl-PL', {
    timeZone: 'Europe/Warsaw',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

/** Company data shown on the quote, leaving out identifiers still marked as placeholders. */
const known = (value: string): string | undefined => (value.startsWith('[DO UZUPEŁNIENIA') ? undefined : value);

const STYLE = `
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

const SCRIPT = `document.getElementById('print').addEventListener('click',function(){window.print()})`;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

let csp: Promise<string> | undefined;

/** The page's own CSP: nothing but its inline style and print script, by hash. */
export function quotePageCsp(): Promise<string> {
  csp ??= Promise.all([sha256(STYLE), sha256(SCRIPT)]).then(
    ([style, script]) =>
      `default-src 'none'; style-src ${style}; script-src ${script}; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  return csp;
}

function frame(title: string, body: string): string {
  return `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The printable quote. */
export function renderQuotePage(quote: StoredQuote): string {
  const p = quote.price;
  const c = quote.contact;
  const colour = p.overageColor !== undefined;
  const included = `${formatNumber(p.monthlyLimit)} stron mono${p.colorLimit !== undefined ? ` + ${formatNumber(p.colorLimit)} stron kolor` : ''}`;
  const overage = `${formatRate(p.overageMono)} mono${p.overageColor !== undefined ? `, ${formatRate(p.overageColor)} kolor` : ''} za stronę`;
  const service =
    p.level === 'premium'
      ? `SLA 4h – reakcja serwisu w ciągu ${company.service.premiumSlaHours} godzin (standardowo ${company.service.standardResponseHours}h); urządzenie zastępcze na czas dłuższej naprawy`
      : `reakcja serwisu w ciągu ${company.service.standardResponseHours}h`;
  const stated = p.volume.mono > 0 || (p.volume.color ?? 0) > 0;
  const pages = `${formatNumber(p.volume.mono)} stron mono${colour ? ` + ${formatNumber(p.volume.color ?? 0)} stron kolor` : ''}`;
  const seller = [
    known(company.legalName),
    known(company.registeredAddress),
    known(company.nip) && `NIP ${company.nip}`,
    known(company.phone.display) && `tel. ${company.phone.display}`,
    company.salesEmail,
    company.domain,
  ].filter(Boolean);
  const buyer = [c.company, c.nip && `NIP ${c.nip}`, c.name, c.city, c.email, c.phone && `tel. ${c.phone}`].filter(
    Boolean,
  );
  const row = (label: string, value: string) =>
    `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;

  const body = `<div class="actions"><p><button type="button" class="btn" id="print">Drukuj / zapisz PDF</button>
<a class="btn ghost" href="/konfigurator">Nowa konfiguracja</a></p></div>
<main class="sheet">
<header>
  <div>
    <p class="brand">${escapeHtml(company.brand)}</p>
    <p class="muted">${seller.map(escapeHtml).join('<br>')}</p>
  </div>
  <div>
    <h1>Wycena nr ${escapeHtml(quote.number)}</h1>
    <p class="muted">Data wystawienia: ${escapeHtml(polishDate(quote.createdAt))}<br>
    Ważna do: ${escapeHtml(polishDate(quote.expiresAt))} (${QUOTE_VALID_DAYS} dni)</p>
  </div>
</header>
<h2>Dla</h2>
<p>${buyer.map(escapeHtml).join('<br>')}</p>
<h2>Konfiguracja</h2>
<table>
${row('Urządzenie', `${p.deviceName} (${colour ? 'kolor' : 'mono'}, odnowione)`)}
${row('Pakiet', p.levelName)}
${row('Okres umowy', TERM_LABELS[p.term] ?? String(p.term))}
${row('W cenie miesięcznie', included)}
${row('Strony ponad limit', overage)}
${row('Serwis', service)}
${row('W abonamencie', PACKAGE_COPY[p.level].features[0] ?? '')}
${row('Papier', p.paper ? 'tak – cena na zapytanie' : 'nie')}
</table>
<h2>Cena abonamentu miesięcznie</h2>
<table class="money">
<tr><th scope="row">Netto</th><td>${escapeHtml(formatPln(p.monthlyNet, 2))}</td></tr>
<tr><th scope="row">VAT 23%</th><td>${escapeHtml(formatPln(p.monthlyVat, 2))}</td></tr>
<tr class="total"><th scope="row">Brutto</th><td>${escapeHtml(formatPln(p.monthlyGross, 2))}</td></tr>
</table>
${
  stated
    ? `<h2>Szacunkowy koszt przy ${escapeHtml(pages)} miesięcznie</h2>
<table class="money">
<tr><th scope="row">Netto (abonament + strony ponad limit)</th><td>${escapeHtml(formatPln(p.estimatedNet, 2))}</td></tr>
<tr><th scope="row">Brutto</th><td>${escapeHtml(formatPln(p.estimatedGross, 2))}</td></tr>
</table>`
    : ''
}
${
  quote.estimate
    ? `<h2>Szacunek liczby stron</h2>
<table>
${estimateRows(quote.estimate)
  .map(([l, v]) => row(l, v))
  .join('\n')}
</table>`
    : ''
}${
  quote.comparison
    ? `<h2>Porównanie z obecną umową</h2>
<table>
${comparisonRows(quote.comparison)
  .map(([l, v]) => row(l, v))
  .join('\n')}
</table>`
    : ''
}
<p class="trial"><strong>${company.service.freeTrialDays} dni bezpłatnego testu</strong> – przed podpisaniem umowy możesz sprawdzić urządzenie w swojej firmie.</p>
<p class="muted">Wszystkie ceny podane są w złotych netto; do ceny doliczamy 23% VAT. Wycena ma charakter informacyjny
i nie stanowi oferty w rozumieniu Kodeksu cywilnego; wiążące warunki określi umowa.
${c.message ? `<br>Twoja wiadomość: ${escapeHtml(c.message)}` : ''}</p>
<h2>Kontakt</h2>
<p>${escapeHtml(company.salesEmail)} · ${escapeHtml(company.email)}${known(company.phone.display) ? ` · ${escapeHtml(company.phone.display)}` : ''}<br>
<span class="muted">${escapeHtml(company.openingHours.displayLong)}. ${escapeHtml(company.serviceAreaNote)}</span></p>
</main>
<script>${SCRIPT}</script>`;
  return frame(`Wycena ${quote.number} | ${company.brand}`, body);
}

/** The page for a quote that does not exist or has expired. */
export function renderMissingQuotePage(expired: boolean): string {
  const text = expired
    ? `Ta wycena wygasła: wyceny są ważne ${QUOTE_VALID_DAYS} dni. Przygotuj nową w konfiguratorze lub skontaktuj się z nami.`
    : 'Nie znaleziono wyceny o tym adresie. Sprawdź link albo przygotuj nową wycenę w konfiguratorze.';
  return frame(
    expired ? `Wycena wygasła | ${company.brand}` : `Nie znaleziono wyceny | ${company.brand}`,
    `<main class="sheet">
<h1>${expired ? 'Wycena wygasła' : 'Nie znaleziono wyceny'}</h1>
<p>${escapeHtml(text)}</p>
<p><a class="btn" href="/konfigurator">Przejdź do konfiguratora</a> <a class="btn ghost" href="/">Strona główna</a></p>
<p class="muted">${escapeHtml(company.salesEmail)}</p>
</main>`,
  );
}
