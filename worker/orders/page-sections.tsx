/**
 * The order page's sections after the form: the document and its acceptance by the e-mailed
 * code, the signed contract, the verification transfer, and the duties of art. 66¹ k.c.
 */
import { company } from '../../widgets/core/company.ts';
import { deliveryDayText } from '../admin-shared/delivery.ts';
import { UNVERIFIED_NOTE, deliveryWishText } from './emails.ts';
import { ORDER_LIMITS } from './order-validation.ts';
import { CODE_LIMITS, type OrderRow } from './model.ts';
import type { StoredQuote } from '../quotes/index.ts';
import { SAMPLE_MARK } from './document.ts';
import { VERIFY_FROM_ANY, salesContact, verifyFrom } from './register.ts';
import { RENTAL_TERMS_VERSION } from './rental-terms.ts';
import type { VerificationTransfer } from '../payments/config.ts';
import { dateTimeText } from '../../widgets/core/dates.ts';
import { BILLING_TERMS } from '../../widgets/core/terms.ts';
import { Err, type Filled, SCRIPT_TEXTS } from './page-form.tsx';
export function AcceptSection({
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

export function DoneSection({
  quote,
  order,
  transfer,
}: {
  quote: StoredQuote;
  order: OrderRow | undefined;
  transfer: VerificationTransfer;
}) {
  const signed = order !== undefined && order.status !== 'awaiting_acceptance';
  // Signed by a code from a mailbox is not yet a contract with the company: only its verification makes it one.
  const verified = !!order?.verified_at;
  return (
    <section id="done" hidden={!signed} aria-labelledby="done-title">
      <h2 id="done-title" tabIndex={-1}>
        {verified ? 'Umowa zawarta – dziękujemy!' : 'Zamówienie podpisane – czekamy na przelew weryfikacyjny'}
      </h2>
      <p className="done">
        Zaakceptowano:{' '}
        <span id="done-at">
          {order?.accepted_at ? dateTimeText(order.accepted_at, 'numeric', { seconds: true }) : ''}
        </span>
        . Potwierdzenie z pełną treścią umowy wysłaliśmy na adres e-mail osoby podpisującej.
        <span id="done-delivery">
          {order &&
            (verified
              ? ` Dostawa i instalacja: ${deliveryDayText(order.delivery_date)}, ${order.delivery_address}.`
              : ` ${deliveryWishText(order)}`)}
        </span>
      </p>
      {!verified && <p className="verify">{UNVERIFIED_NOTE}</p>}
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
export function HowItWorks() {
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
      <h3 id="billing-title">Kiedy wystawiamy faktury i kiedy płacisz</h3>
      <ul aria-labelledby="billing-title">
        {BILLING_TERMS.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="muted">
        Pytania: {company.salesEmail} ({company.openingHours.displayLong}).
      </p>
    </section>
  );
}
