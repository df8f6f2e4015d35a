/**
 * The order page's form (`/zamowienie/<quote id>`): the quote's summary, the company from the
 * register, who signs and the delivery day; its fields keep what was posted and show the refusal
 * next to its field (the page works without JavaScript).
 */
import { DELIVERY, DELIVERY_CITIES, deliveryDayText } from '../admin-shared/delivery.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { LIMITS } from '../../widgets/core/limits.ts';
import { salesContact } from './register.ts';
import { ORDER_LIMITS } from './order-validation.ts';
import { PRIVACY_TEXT, POLICY_PATH } from '../../widgets/core/privacy.ts';
import { TERM_LABELS } from '../../widgets/core/quote.ts';
import { QUOTE_TEXT } from '../../widgets/core/quote-text.ts';
import { VAT_PERCENT } from '../../widgets/core/pricing.ts';
import type { OrderRow } from './model.ts';
import type { StoredQuote } from '../quotes/index.ts';

/** Texts the script shows (it has no module of its own), and the form without it. */
export const SCRIPT_TEXTS = {
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

/** The page's form state, for its fields: the posted value, the error next to it. */
export interface Filled {
  value: (name: string) => string;
  checked: (name: string) => boolean;
  error: (name: string) => string | undefined;
}

export function filled(state: FormState, order: OrderRow | undefined, quote?: StoredQuote): Filled {
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

export const Err = ({ name, text }: { name: string; text?: string | undefined }) => (
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

export function Summary({ quote }: { quote: StoredQuote }) {
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

export function OrderForm({
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
