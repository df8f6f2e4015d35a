/**
 * The order page `/zamowienie/<quote id>` (DESIGN §8): a quote becomes a signed rental
 * contract without a phone call. Rendered by the worker like the quote page (noindex, its
 * own CSP with its style and script by hash), in four steps: the company (by NIP from the
 * White List, or typed), who signs, the delivery day, then the document and its
 * acceptance by the e-mailed code. Also states the duties of art. 66¹ k.c.: the steps, how
 * the contract is confirmed and stored and where it can be downloaded.
 */
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { company } from '../../widgets/core/company.ts';
import { DELIVERY, DELIVERY_CITIES, deliveryDayText } from '../../widgets/core/delivery.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { LIMITS } from '../../widgets/core/limits.ts';
import { ORDER_LIMITS } from '../../widgets/core/order-validation.ts';
import { PRIVACY_TEXT, POLICY_PATH } from '../../widgets/core/privacy.ts';
import { TERM_LABELS } from '../../widgets/core/quote.ts';
import { QUOTE_TEXT } from '../../widgets/core/quote-text.ts';
import { VAT_PERCENT } from '../../widgets/core/pricing.ts';
import { sha256Hex } from '../http/auth.ts';
import { CODE_LIMITS, type OrderRow } from '../models/orders.ts';
import type { StoredQuote } from '../models/quotes.ts';
import { RENTAL_TERMS_VERSION } from '../orders/rental-terms.ts';
import { ORDER_SCRIPT } from './order-script.ts';
import { SHEET_STYLE } from './quote.tsx';

const STYLE = `${SHEET_STYLE}
fieldset{border:1px solid #d8e0ea;border-radius:10px;padding:16px;margin:0 0 16px}
legend{font-weight:700;padding:0 6px}
label{display:block;font-weight:600;margin:12px 0 4px}
input,select{width:100%;min-height:44px;padding:8px 10px;border:1px solid #8a97a8;border-radius:8px;font:inherit;background:#fff;color:inherit}
input[type=checkbox]{width:22px;min-height:22px;height:22px;margin:0 8px 0 0;flex:none}
.check{display:flex;align-items:flex-start;font-weight:400}
.row{display:flex;gap:8px;align-items:flex-end}.row input{flex:1}
.row .btn{white-space:nowrap}
[aria-invalid=true]{border-color:#b42318;border-width:2px}
.err{color:#b42318;font-size:14px;margin:4px 0 0}
.hint{font-size:14px;color:#4b5563;margin:4px 0 0}
.vat{margin:8px 0 0;font-size:15px}.vat.ok{color:#0f7b3f;font-weight:600}.vat.warn{color:#8a4b00;font-weight:600}
.status{padding:10px 12px;border-left:4px solid #b42318;background:#fdecea;border-radius:4px}
.steps{padding-left:20px}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,Consolas,monospace;background:#f6f8fb;border:1px solid #d8e0ea;border-radius:8px;padding:12px;max-height:420px;overflow:auto}
code{word-break:break-all}
.code{max-width:200px;font-size:22px;letter-spacing:4px}
.done{padding:12px 14px;border-left:4px solid #0f7b3f;background:#e6f4ec;border-radius:4px}
h2[tabindex]:focus{outline:none}
@media (max-width:600px){.row{flex-direction:column;align-items:stretch}}
@media print{form,#order-form,.no-print{display:none!important}pre{max-height:none;border:0;background:#fff}}`;

let csp: Promise<string> | undefined;
const b64 = async (text: string) => {
  const hex = await sha256Hex(text);
  return `'sha256-${btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => Number.parseInt(h, 16))))}'`;
};

/** The page's own CSP: its style and script by hash, requests to our own API only. */
export function orderPageCsp(): Promise<string> {
  csp ??= Promise.all([b64(STYLE), b64(ORDER_SCRIPT)]).then(
    ([style, script]) =>
      `default-src 'none'; style-src ${style}; script-src ${script}; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  return csp;
}

/** Texts the script shows (it has no module of its own). */
const SCRIPT_TEXTS = {
  pickDay: 'Wybierz dzień',
  noDays: 'Najpierw wybierz miasto',
  looking: 'Sprawdzamy NIP w wykazie podatników VAT…',
  vatActive: '✓ Czynny podatnik VAT według wykazu podatników VAT Ministerstwa Finansów',
  vatInactive:
    '⚠ To nie jest czynny podatnik VAT według wykazu Ministerstwa Finansów; umowę zawrzesz, ale sprawdź dane',
  manual: 'Nie udało się pobrać danych z wykazu. Wpisz dane firmy ręcznie.',
  network: 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
  codeSent: 'Wysłaliśmy nowy kod na adres e-mail osoby podpisującej.',
};

const Err = ({ name }: { name: string }) => <p className="err" id={`err-${name}`} role="alert" hidden />;

function Field({
  name,
  label,
  max,
  type = 'text',
  autoComplete,
  hint,
  required = true,
  inputMode,
}: {
  name: string;
  label: string;
  max: number;
  type?: string;
  autoComplete?: string;
  hint?: string;
  required?: boolean;
  inputMode?: 'numeric' | 'tel' | 'email';
}) {
  return (
    <>
      <label htmlFor={`f-${name}`}>{label}</label>
      <input
        id={`f-${name}`}
        name={name}
        type={type}
        maxLength={max}
        autoComplete={autoComplete}
        required={required}
        inputMode={inputMode}
        aria-describedby={`err-${name}${hint ? ` hint-${name}` : ''}`}
      />
      {hint && (
        <p className="hint" id={`hint-${name}`}>
          {hint}
        </p>
      )}
      <Err name={name} />
    </>
  );
}

function Summary({ quote }: { quote: StoredQuote }) {
  const p = quote.price;
  return (
    <table>
      <tbody>
        <tr>
          <th scope="row">Urządzenie</th>
          <td>{`${p.deviceName} (${p.overageColor !== undefined ? 'kolor' : 'mono'}, odnowione)`}</td>
        </tr>
        <tr>
          <th scope="row">Pakiet</th>
          <td>{`${p.levelName}: ${QUOTE_TEXT.included(p)} w cenie`}</td>
        </tr>
        <tr>
          <th scope="row">Okres umowy</th>
          <td>{TERM_LABELS[p.term] ?? String(p.term)}</td>
        </tr>
        <tr>
          <th scope="row">Abonament miesięcznie</th>
          <td>{`${formatPln(p.monthlyNet, 2)} netto (${formatPln(p.monthlyGross, 2)} brutto z ${VAT_PERCENT}% VAT)`}</td>
        </tr>
      </tbody>
    </table>
  );
}

function OrderForm() {
  return (
    <form id="order-form" noValidate>
      <fieldset>
        <legend>1. Firma</legend>
        <label htmlFor="f-nip">NIP</label>
        <div className="row">
          <input
            id="f-nip"
            name="nip"
            maxLength={LIMITS.nip}
            inputMode="numeric"
            required
            aria-describedby="err-nip vat-check"
          />
          <button type="button" className="btn ghost" id="nip-lookup">
            Pobierz dane z wykazu VAT
          </button>
        </div>
        <p className="vat" id="vat-check" aria-live="polite">
          Pobierzemy nazwę, adres i status VAT z wykazu podatników VAT Ministerstwa Finansów; możesz też wpisać dane
          ręcznie.
        </p>
        <Err name="nip" />
        <Field
          name="companyName"
          label="Pełna nazwa firmy"
          max={ORDER_LIMITS.companyName}
          autoComplete="organization"
        />
        <Field
          name="companyAddress"
          label="Adres siedziby"
          max={ORDER_LIMITS.companyAddress}
          autoComplete="street-address"
        />
        <Field
          name="regon"
          label="REGON (opcjonalnie)"
          max={ORDER_LIMITS.regon + 4}
          inputMode="numeric"
          required={false}
        />
        <Field name="krs" label="KRS (opcjonalnie)" max={ORDER_LIMITS.krs + 4} inputMode="numeric" required={false} />
      </fieldset>
      <fieldset>
        <legend>2. Osoba podpisująca umowę</legend>
        <Field name="signerName" label="Imię i nazwisko" max={ORDER_LIMITS.signerName} autoComplete="name" />
        <Field
          name="signerPosition"
          label="Stanowisko lub funkcja"
          max={ORDER_LIMITS.signerPosition}
          autoComplete="organization-title"
        />
        <Field
          name="signerEmail"
          label="E-mail (wyślemy na niego kod akceptacji)"
          max={LIMITS.email}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <Field name="signerPhone" label="Telefon" max={ORDER_LIMITS.signerPhone} type="tel" autoComplete="tel" />
        <label className="check">
          <input type="checkbox" id="f-represents" name="represents" aria-describedby="err-represents" />
          Oświadczam, że mogę reprezentować tę firmę przy zawarciu umowy najmu (jestem jej reprezentantem lub mam
          pełnomocnictwo).
        </label>
        <Err name="represents" />
      </fieldset>
      <fieldset>
        <legend>3. Dostawa i instalacja</legend>
        <label htmlFor="f-city">Miasto obsługi (lub najbliższe z nich)</label>
        <select id="f-city" name="city" required aria-describedby="err-city">
          <option value="">Wybierz miasto</option>
          {DELIVERY_CITIES.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </select>
        <Err name="city" />
        <label htmlFor="f-date">Dzień dostawy i instalacji</label>
        <select id="f-date" name="date" required aria-describedby="err-date hint-date" />
        <p className="hint" id="hint-date">
          Dni robocze (bez weekendów i świąt), od {Math.min(...Object.values(DELIVERY.leadBusinessDays))} dni roboczych
          od zamówienia; dni bez wolnych ekip nie są pokazywane.
        </p>
        <Err name="date" />
        <Field
          name="deliveryAddress"
          label="Adres dostawy (ulica, numer, kod, miejscowość)"
          max={ORDER_LIMITS.deliveryAddress}
          autoComplete="street-address"
        />
      </fieldset>
      <div className="hp" aria-hidden="true">
        <label htmlFor="f-website">Strona WWW</label>
        <input id="f-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <label className="check">
        <input type="checkbox" id="f-marketingConsent" name="marketingConsent" />
        {PRIVACY_TEXT.marketing}
      </label>
      <p className="hint">
        {PRIVACY_TEXT.clause('przygotować i zawrzeć umowę najmu, dostarczyć urządzenie i obsługiwać umowę')}
        <a href={POLICY_PATH} target="_blank" rel="noopener">
          {PRIVACY_TEXT.link}
        </a>
        .
      </p>
      <p>
        <button type="submit" className="btn" id="order-submit">
          Przygotuj umowę i wyślij kod
        </button>
      </p>
    </form>
  );
}

function AcceptSection({ order }: { order: OrderRow | undefined }) {
  const open = order?.status === 'awaiting_acceptance';
  return (
    <section id="accept" hidden={!open} aria-labelledby="accept-title">
      <h2 id="accept-title" tabIndex={-1}>
        4. Przeczytaj umowę i zaakceptuj ją kodem
      </h2>
      <p>
        Wersja ogólnych warunków najmu: <strong id="doc-version">{order?.terms_version ?? RENTAL_TERMS_VERSION}</strong>
        . Skrót SHA-256 dokumentu: <code id="doc-sha">{order?.document_sha256 ?? ''}</code>
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling document must be reachable by keyboard to be read */}
      <pre id="doc-text" tabIndex={0}>
        {order?.document ?? ''}
      </pre>
      <p className="no-print">
        <a className="btn ghost" href="umowa.txt" id="doc-link" download>
          Pobierz umowę (TXT)
        </a>{' '}
        <button type="button" className="btn ghost" data-print>
          Drukuj
        </button>
      </p>
      <form id="code-form" noValidate className="no-print">
        <label htmlFor="f-code">Kod z e-maila (6 cyfr, ważny {CODE_LIMITS.validMinutes} minut)</label>
        <input
          id="f-code"
          name="code"
          className="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={ORDER_LIMITS.code}
          pattern="[0-9]{6}"
          required
          aria-describedby="err-code"
        />
        <Err name="code" />
        <p className="hint">
          Wpisując kod, składasz w imieniu firmy oświadczenie o zawarciu tej umowy najmu w formie dokumentowej (art. 77²
          k.c.).
        </p>
        <p className="row">
          <button type="submit" className="btn" id="code-submit">
            Akceptuję umowę
          </button>
          <button type="button" className="btn ghost" id="code-again">
            Wyślij nowy kod
          </button>
        </p>
        <p id="code-status" className="status" role="status" hidden />
      </form>
    </section>
  );
}

function DoneSection({ order }: { order: OrderRow | undefined }) {
  const signed = order !== undefined && order.status !== 'awaiting_acceptance';
  return (
    <section id="done" hidden={!signed} aria-labelledby="done-title">
      <h2 id="done-title" tabIndex={-1}>
        Umowa zawarta – dziękujemy!
      </h2>
      <p className="done">
        Zaakceptowano:{' '}
        <span id="done-at">
          {order?.accepted_at ? new Date(order.accepted_at).toLocaleString('pl-PL', { timeZone: 'Europe/Warsaw' }) : ''}
        </span>
        . Potwierdzenie z pełną treścią umowy wysłaliśmy na adres e-mail osoby podpisującej.
        <span id="done-delivery">
          {order && ` Dostawa i instalacja: ${deliveryDayText(order.delivery_date)}, ${order.delivery_address}.`}
        </span>
      </p>
      <p>
        <a className="btn ghost" href="umowa.txt">
          Pobierz umowę (TXT)
        </a>
      </p>
    </section>
  );
}

/** The duties of art. 66¹ § 1 k.c. before an order placed electronically. */
function HowItWorks() {
  return (
    <section aria-labelledby="how-title">
      <h2 id="how-title">Jak zawieramy umowę</h2>
      <ol className="steps">
        <li>Podajesz dane firmy (pobierzemy je z wykazu podatników VAT po NIP), osobę podpisującą i dzień dostawy.</li>
        <li>
          Przygotowujemy umowę z cenami z tej wyceny i ogólnymi warunkami najmu; przed akceptacją możesz ją przeczytać,
          pobrać i wydrukować, a dane poprawić i wysłać formularz ponownie.
        </li>
        <li>
          Na e-mail osoby podpisującej wysyłamy jednorazowy kod ({CODE_LIMITS.validMinutes} minut,{' '}
          {CODE_LIMITS.attempts} prób). Wpisanie kodu to złożenie oświadczenia o zawarciu umowy w formie dokumentowej.
        </li>
        <li>
          Niezwłocznie potwierdzamy e-mailem otrzymanie oświadczenia, z pełną treścią umowy. Przechowujemy umowę z jej
          skrótem SHA-256, wersją warunków, czasem, adresem IP i przeglądarką akceptacji; pobierzesz ją zawsze z tej
          strony.
        </li>
        <li>Umowę zawieramy w języku polskim. Najem zaczyna się od protokołu instalacji.</li>
      </ol>
      <p className="muted">
        Pytania: {company.salesEmail} ({company.openingHours.displayLong}).
      </p>
    </section>
  );
}

const html = (page: VNode): string => `<!doctype html>\n${renderToString(page)}\n`;

/** The order page of a quote, in the state of its order (none, awaiting the code, signed). */
export function renderOrderPage(
  quote: StoredQuote,
  order: OrderRow | undefined,
  days: Record<string, string[]>,
): string {
  const data = {
    quoteId: quote.id,
    orderId: order?.id ?? null,
    days: Object.fromEntries(
      Object.entries(days).map(([city, list]) => [city, list.map((d) => ({ value: d, label: deliveryDayText(d) }))]),
    ),
    texts: SCRIPT_TEXTS,
  };
  const signed = order !== undefined && order.status !== 'awaiting_acceptance';
  return html(
    <html lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <title>{`Zamówienie online – wycena ${quote.number} | ${company.brand}`}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our constant stylesheet, allowed by hash in the CSP */}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main className="sheet" id="order-app">
          <header>
            <div>
              <p className="brand">{company.brand}</p>
              <p className="muted">Zamówienie online bez telefonu: umowa najmu w kilka minut.</p>
            </div>
            <div>
              <h1>Zamówienie do wyceny {quote.number}</h1>
              <p className="muted">
                <a href={`/wycena/${quote.id}`}>Wróć do wyceny</a>
              </p>
            </div>
          </header>
          <Summary quote={quote} />
          <p id="order-status" className="status" role="alert" hidden />
          {!signed && <OrderForm />}
          <AcceptSection order={order} />
          <DoneSection order={order} />
          <HowItWorks />
        </main>
        {/* The data the script reads: JSON is not executed, so the CSP needs no hash for it. */}
        <script
          type="application/json"
          id="order-data"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped, never executed
          dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
        />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our constant script, allowed by hash in the CSP */}
        <script dangerouslySetInnerHTML={{ __html: ORDER_SCRIPT }} />
      </body>
    </html>,
  );
}
