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
import { DELIVERY, DELIVERY_CITIES, deliveryDayText } from '../admin-shared/delivery.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { LIMITS } from '../../widgets/core/limits.ts';
import { ORDER_LIMITS } from './order-validation.ts';
import { PRIVACY_TEXT, POLICY_PATH } from '../../widgets/core/privacy.ts';
import { TERM_LABELS } from '../../widgets/core/quote.ts';
import { QUOTE_TEXT } from '../../widgets/core/quote-text.ts';
import { VAT_PERCENT } from '../../widgets/core/pricing.ts';
import { privatePageCsp } from '../../widgets/core/headers.ts';
import { CODE_LIMITS, type OrderRow } from './model.ts';
import type { StoredQuote } from '../quotes/index.ts';
import { SAMPLE_MARK } from './document.ts';
import { VERIFY_FROM_ANY, salesContact, verifyFrom } from './register.ts';
import { RENTAL_TERMS_VERSION } from './rental-terms.ts';
import { type VerificationTransfer, verificationTransfer } from '../payments/config.ts';
import { ORDER_SCRIPT } from './page-script.ts';
import { SHEET_STYLE } from '../quotes/page.tsx';
import { dateTimeText } from '../../widgets/core/dates.ts';

const STYLE = `${SHEET_STYLE}
[hidden]{display:none!important}
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
.verify{padding:12px 14px;border-left:4px solid #8a4b00;background:#fff6e5;border-radius:4px;margin:16px 0}
.notice{padding:10px 12px;border-left:4px solid #1d4ed8;background:#eef4ff;border-radius:4px}
.company{margin:12px 0 0;padding:8px 12px;border:1px solid #d8e0ea;border-radius:8px;background:#f6f8fb}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:8px 0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
@media (max-width:600px){dl{grid-template-columns:1fr}dd{margin-bottom:6px}}
h2[tabindex]:focus{outline:none}
@media (max-width:600px){.row{flex-direction:column;align-items:stretch}}
@media print{form,#order-form,.no-print{display:none!important}pre{max-height:none;border:0;background:#fff}}`;

let csp: Promise<string> | undefined;

/** The page's own CSP: its style and script by hash, requests to our own API only, its forms posted to itself (without JavaScript). */
export const orderPageCsp = (): Promise<string> => (csp ??= privatePageCsp(STYLE, ORDER_SCRIPT, "'self'", "'self'"));

/** Texts the script shows (it has no module of its own). */
const SCRIPT_TEXTS = {
  pickDay: 'Wybierz dzień',
  noDays: 'Najpierw wybierz miasto',
  looking: 'Sprawdzamy NIP w wykazie podatników VAT…',
  vatActive: '✓ Czynny podatnik VAT według wykazu podatników VAT Ministerstwa Finansów',
  vatInactive: `⚠ To nie jest czynny podatnik VAT według wykazu Ministerstwa Finansów, więc umowy online nie zawrzemy. Napisz do nas: ${salesContact()}`,
  unavailable: 'Wykaz chwilowo nie odpowiada. Możesz wysłać zamówienie: dokończymy je, gdy wykaz odpowie.',
  network: 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
  codeSent: 'Wysłaliśmy nowy kod na adres e-mail osoby podpisującej.',
  lookupHint:
    'Nazwę, adres, REGON, KRS i status VAT pobierzemy po NIP z wykazu podatników VAT Ministerstwa Finansów: umowę zawieramy tylko z czynnym podatnikiem VAT, w jego imieniu.',
};

/** What a form posted without JavaScript leaves on the page it gets back. */
export interface FormState {
  /** The fields as posted, shown again. */
  values?: Record<string, string | string[]> | undefined;
  /** The refusal, shown next to its field (or above the form when it has none). */
  refusal?: { error: string; field?: string | undefined } | undefined;
  /** A new code was sent. */
  codeSent?: boolean | undefined;
  /** The register's answer for the NIP posted by the look-up button (no script). */
  company?: ShownCompany | undefined;
}

/** What the page says beyond the order: a waiting order's notice, the verification transfer. */
export interface PageExtras {
  /** The notice of an order waiting for the register. */
  waiting?: string | undefined;
  transfer: VerificationTransfer;
}

/** The page's form state, for its fields: the posted value, the error next to it. */
interface Filled {
  value: (name: string) => string;
  checked: (name: string) => boolean;
  error: (name: string) => string | undefined;
}

function filled(state: FormState, order: OrderRow | undefined, quote?: StoredQuote): Filled {
  // An order awaiting its code: its form shows what was sent, to correct and send again.
  // Before that, the NIP the visitor typed in the configurator for the quote (the company then comes from the White List).
  const fromOrder: Record<string, string> = order
    ? {
        nip: order.company_nip,
        signerName: order.signer_name,
        signerPosition: order.signer_position,
        signerEmail: order.signer_email,
        signerPhone: order.signer_phone,
        city: order.delivery_city,
        date: order.delivery_date,
        deliveryAddress: order.delivery_address,
        represents: 'on',
        marketingConsent: order.marketing_consent ? 'on' : '',
      }
    : { nip: quote?.contact.nip ?? '' };
  const value = (name: string): string => {
    const posted = state.values?.[name];
    if (state.values) return typeof posted === 'string' ? posted : '';
    return fromOrder[name] ?? '';
  };
  return {
    value,
    checked: (name) => value(name) === 'on',
    error: (name) => (state.refusal?.field === name ? state.refusal.error : undefined),
  };
}

const Err = ({ name, text }: { name: string; text?: string | undefined }) => (
  <p className="err" id={`err-${name}`} role="alert" hidden={!text}>
    {text ?? ''}
  </p>
);

function Field({
  f,
  name,
  label,
  max,
  type = 'text',
  autoComplete,
  hint,
  required = true,
  inputMode,
}: {
  f: Filled;
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
        value={f.value(name)}
        aria-invalid={f.error(name) ? 'true' : undefined}
        aria-describedby={`err-${name}${hint ? ` hint-${name}` : ''}`}
      />
      {hint && (
        <p className="hint" id={`hint-${name}`}>
          {hint}
        </p>
      )}
      <Err name={name} text={f.error(name)} />
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

/** The company as the register gives it: shown, never typed. */
export interface ShownCompany {
  name: string;
  address: string | null;
  regon: string | null;
  krs: string | null;
  vatStatus: string;
}

function CompanyBlock({ company: c }: { company: ShownCompany | undefined }) {
  const active = c?.vatStatus === 'Czynny';
  return (
    <div id="company" className="company" hidden={!c}>
      <p className="hint">Dane firmy z wykazu podatników VAT Ministerstwa Finansów (do umowy, bez wpisywania):</p>
      <dl>
        <dt>Nazwa</dt>
        <dd id="company-name">{c?.name ?? ''}</dd>
        <dt>Adres</dt>
        <dd id="company-address">{c?.address ?? '–'}</dd>
        <dt>REGON / KRS</dt>
        <dd id="company-ids">{`${c?.regon ?? '–'} / ${c?.krs ?? '–'}`}</dd>
        <dt>Status VAT</dt>
        <dd id="company-vat" className={active ? 'vat ok' : 'vat warn'}>
          {c ? `${c.vatStatus}${active ? ' – czynny podatnik VAT' : ' – umowy online nie zawrzemy'}` : ''}
        </dd>
      </dl>
    </div>
  );
}

function OrderForm({
  quoteId,
  f,
  days,
  shown,
}: {
  quoteId: string;
  f: Filled;
  days: Record<string, string[]>;
  shown: ShownCompany | undefined;
}) {
  const city = f.value('city');
  const date = f.value('date');
  const dayOption = (d: string) => (
    <option key={d} value={d} selected={d === date}>
      {deliveryDayText(d)}
    </option>
  );
  return (
    <form id="order-form" method="post" action={`/zamowienie/${quoteId}#order-status`} noValidate>
      <input type="hidden" name="submissionId" value={crypto.randomUUID()} />
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
            value={f.value('nip')}
            aria-invalid={f.error('nip') ? 'true' : undefined}
            aria-describedby="err-nip vat-check"
          />
          {/* Without the script it posts the form to the page, which shows the register's answer; with it, the script asks the API. */}
          <button
            type="submit"
            className="btn ghost"
            id="nip-lookup"
            formAction={`/zamowienie/${quoteId}/firma#company`}
            formNoValidate
          >
            Pobierz dane z wykazu VAT
          </button>
        </div>
        <p className="vat" id="vat-check" aria-live="polite">
          {SCRIPT_TEXTS.lookupHint}
        </p>
        <Err name="nip" text={f.error('nip')} />
        <CompanyBlock company={shown} />
      </fieldset>
      <fieldset>
        <legend>2. Osoba podpisująca umowę</legend>
        <Field f={f} name="signerName" label="Imię i nazwisko" max={ORDER_LIMITS.signerName} autoComplete="name" />
        <Field
          f={f}
          name="signerPosition"
          label="Stanowisko lub funkcja"
          max={ORDER_LIMITS.signerPosition}
          autoComplete="organization-title"
        />
        <Field
          f={f}
          name="signerEmail"
          label="E-mail (wyślemy na niego kod akceptacji)"
          max={LIMITS.email}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <Field f={f} name="signerPhone" label="Telefon" max={ORDER_LIMITS.signerPhone} type="tel" autoComplete="tel" />
        <label className="check">
          <input
            type="checkbox"
            id="f-represents"
            name="represents"
            checked={f.checked('represents')}
            aria-invalid={f.error('represents') ? 'true' : undefined}
            aria-describedby="err-represents"
          />
          Oświadczam, że mogę reprezentować tę firmę przy zawarciu umowy najmu (jestem jej reprezentantem lub mam
          pełnomocnictwo).
        </label>
        <Err name="represents" text={f.error('represents')} />
      </fieldset>
      <fieldset>
        <legend>3. Dostawa i instalacja</legend>
        <label htmlFor="f-city">Miasto obsługi (lub najbliższe z nich)</label>
        <select
          id="f-city"
          name="city"
          required
          aria-invalid={f.error('city') ? 'true' : undefined}
          aria-describedby="err-city"
        >
          <option value="">Wybierz miasto</option>
          {DELIVERY_CITIES.map((c) => (
            <option key={c} value={c} selected={c === city}>
              {c}
            </option>
          ))}
        </select>
        <Err name="city" text={f.error('city')} />
        <label htmlFor="f-date">Dzień dostawy i instalacji</label>
        {/* Without the script: the chosen city's days, or every city's under its name. */}
        <select
          id="f-date"
          name="date"
          required
          aria-invalid={f.error('date') ? 'true' : undefined}
          aria-describedby="err-date hint-date"
        >
          <option value="">{SCRIPT_TEXTS.pickDay}</option>
          {city && days[city]
            ? days[city].map(dayOption)
            : DELIVERY_CITIES.map((c) => (
                <optgroup key={c} label={c}>
                  {(days[c] ?? []).map(dayOption)}
                </optgroup>
              ))}
        </select>
        <p className="hint" id="hint-date">
          Dni robocze (bez weekendów i świąt), od {Math.min(...Object.values(DELIVERY.leadBusinessDays))} dni roboczych
          od zamówienia; dni bez wolnych ekip nie są pokazywane.
        </p>
        <Err name="date" text={f.error('date')} />
        <Field
          f={f}
          name="deliveryAddress"
          label="Adres dostawy (ulica, numer, kod, miejscowość)"
          max={ORDER_LIMITS.deliveryAddress}
          autoComplete="address-line1"
        />
      </fieldset>
      <div className="hp" aria-hidden="true">
        <label htmlFor="f-website">Strona WWW</label>
        <input id="f-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <label className="check">
        <input
          type="checkbox"
          id="f-marketingConsent"
          name="marketingConsent"
          checked={f.checked('marketingConsent')}
        />
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

function AcceptSection({
  quoteId,
  order,
  f,
  codeSent,
}: {
  quoteId: string;
  order: OrderRow | undefined;
  f: Filled;
  codeSent: boolean;
}) {
  const open = order?.status === 'awaiting_acceptance';
  const codeStatus = codeSent ? SCRIPT_TEXTS.codeSent : f.error('code-again');
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
        <a className="btn ghost" href={`/zamowienie/${quoteId}/umowa.txt`} id="doc-link" download>
          Pobierz umowę (TXT)
        </a>{' '}
        {/* Printing by a button needs the script: shown by it (the browser's own print works anyway). */}
        <button type="button" className="btn ghost" data-print hidden>
          Drukuj
        </button>
      </p>
      <form
        id="code-form"
        method="post"
        action={`/zamowienie/${quoteId}/akceptacja#accept`}
        noValidate
        className="no-print"
      >
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
          aria-invalid={f.error('code') ? 'true' : undefined}
          aria-describedby="err-code"
        />
        <Err name="code" text={f.error('code')} />
        <p className="hint">
          Wpisując kod, składasz w imieniu firmy oświadczenie o zawarciu tej umowy najmu w formie dokumentowej (art. 77²
          k.c.).
        </p>
        <p className="row">
          <button type="submit" className="btn" id="code-submit">
            Akceptuję umowę
          </button>
          <button
            type="submit"
            className="btn ghost"
            id="code-again"
            formAction={`/zamowienie/${quoteId}/kod#accept`}
            formNoValidate
          >
            Wyślij nowy kod
          </button>
        </p>
        <p id="code-status" className="status" role="status" hidden={!codeStatus}>
          {codeStatus ?? ''}
        </p>
      </form>
    </section>
  );
}

function DoneSection({
  quote,
  order,
  transfer,
}: {
  quote: StoredQuote;
  order: OrderRow | undefined;
  transfer: VerificationTransfer;
}) {
  const signed = order !== undefined && order.status !== 'awaiting_acceptance';
  return (
    <section id="done" hidden={!signed} aria-labelledby="done-title">
      <h2 id="done-title" tabIndex={-1}>
        Umowa zawarta – dziękujemy!
      </h2>
      <p className="done">
        Zaakceptowano:{' '}
        <span id="done-at">
          {order?.accepted_at ? dateTimeText(order.accepted_at, 'numeric', { seconds: true }) : ''}
        </span>
        . Potwierdzenie z pełną treścią umowy wysłaliśmy na adres e-mail osoby podpisującej.
        <span id="done-delivery">
          {order && ` Dostawa i instalacja: ${deliveryDayText(order.delivery_date)}, ${order.delivery_address}.`}
        </span>
      </p>
      <VerifySection quote={quote} order={order} transfer={transfer} />
      <p>
        <a className="btn ghost" href={`/zamowienie/${quote.id}/umowa.txt`} download>
          Pobierz umowę (TXT)
        </a>
      </p>
    </section>
  );
}

/** The account the transfer goes to, as the company data gives it (a sample marked as one). */
const ourAccount = (): string => {
  const account = company.bankAccount ?? '';
  return company.samples.includes('bankAccount') ? `${account} ${SAMPLE_MARK}` : account;
};

/** The verification's instructions, or that it is done. */
function VerifySection({
  quote,
  order,
  transfer,
}: {
  quote: StoredQuote;
  order: OrderRow | undefined;
  transfer: VerificationTransfer;
}) {
  const verified = !!order?.verified_at;
  return (
    <section id="verify" className={verified ? 'done' : 'verify'} aria-labelledby="verify-title">
      <h3 id="verify-title">{`Weryfikacja firmy: przelew ${transfer.amountText}`}</h3>
      <p>
        Stan zamówienia: <strong id="verify-state">{verified ? 'zweryfikowane' : 'do weryfikacji'}</strong>
      </p>
      {verified ? (
        <p>Firma zweryfikowana. Dostarczymy i zainstalujemy urządzenie w umówionym dniu.</p>
      ) : (
        <>
          <p>
            Zanim dostarczymy urządzenie, potwierdź, że zamawia sama firma: zrób przelew z jej rachunku firmowego.
            Instalację umówimy dopiero po weryfikacji.
          </p>
          <dl className="transfer">
            <dt>Kwota</dt>
            <dd id="verify-amount">{transfer.amountText}</dd>
            <dt>Odbiorca</dt>
            <dd>{`${company.legalName}, rachunek ${ourAccount()}`}</dd>
            <dt>Tytuł przelewu</dt>
            <dd id="verify-title-text">{transfer.title(quote.number)}</dd>
            <dt>Z rachunku</dt>
            <dd id="verify-from">{order ? verifyFrom(order) : VERIFY_FROM_ANY}</dd>
          </dl>
          <p className="hint">
            {`Kwotę ${transfer.amountText} zaliczymy na poczet pierwszej faktury. Przelew z rachunku spoza wykazu nie zweryfikuje zamówienia. Gdy nie możesz zrobić przelewu, napisz do nas: ${salesContact()} – sprawdzimy firmę inaczej.`}
          </p>
        </>
      )}
    </section>
  );
}

/** The duties of art. 66¹ § 1 k.c. before an order placed electronically. */
function HowItWorks() {
  return (
    <section aria-labelledby="how-title">
      <h2 id="how-title">Jak zawieramy umowę</h2>
      <ol className="steps">
        <li>
          Podajesz NIP (nazwę, adres i status VAT firmy bierzemy z wykazu podatników VAT Ministerstwa Finansów), osobę
          podpisującą i dzień dostawy.
        </li>
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
        <li>
          Po akceptacji firma potwierdza zamówienie przelewem weryfikacyjnym z rachunku zgłoszonego w wykazie podatników
          VAT; dopiero wtedy instalujemy urządzenie.
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
  state: FormState = {},
  extras: PageExtras = { transfer: verificationTransfer({}) },
): string {
  const f = filled(state, order, quote);
  // The company shown: the register's answer to the look-up, else the one of the order awaiting its code.
  const shown: ShownCompany | undefined =
    state.company ??
    (order && !state.values
      ? {
          name: order.company_name,
          address: order.company_address,
          regon: order.company_regon,
          krs: order.company_krs,
          vatStatus: order.vat_status ?? '',
        }
      : undefined);
  // Said above the form (where the page opens after a post without the script): a refusal of the
  // order form, with a link to its field; one of the code form without a field of its own.
  const refusal = state.refusal;
  const codeFields = new Set(['code', 'code-again']);
  const general = refusal && (state.values || !refusal.field || !codeFields.has(refusal.field)) ? refusal : undefined;
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
        {/* Same-origin only: the page's own forms must carry their Origin (a no-referrer page posts `Origin: null`,
            which the form guard refuses); no other site ever gets the secret address. */}
        <meta name="referrer" content="same-origin" />
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
          <p id="order-status" className="status" role="alert" hidden={!general}>
            {general?.field && state.values ? (
              <a href={`#f-${general.field}`}>{general.error}</a>
            ) : (
              (general?.error ?? '')
            )}
          </p>
          <p id="waiting" className="notice" role="status" hidden={!extras.waiting || signed}>
            {extras.waiting ?? ''}
          </p>
          {!signed && <OrderForm quoteId={quote.id} f={f} days={days} shown={shown} />}
          <AcceptSection quoteId={quote.id} order={order} f={f} codeSent={!!state.codeSent} />
          <DoneSection quote={quote} order={order} transfer={extras.transfer} />
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
