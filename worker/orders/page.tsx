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
import { deliveryDayText } from '../admin-shared/delivery.ts';
import { privatePageCsp } from '../../widgets/core/headers.ts';
import type { OrderRow } from './model.ts';
import type { StoredQuote } from '../quotes/index.ts';
import { type VerificationTransfer, verificationTransfer } from '../payments/config.ts';
import { ORDER_SCRIPT } from './page-script.ts';
import { SHEET_STYLE } from '../quotes/page.tsx';
import { type FormState, filled, SCRIPT_TEXTS, OrderForm, type ShownCompany, Summary } from './page-form.tsx';
import { AcceptSection, DoneSection, HowItWorks } from './page-sections.tsx';

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

/** What the page says beyond the order: a waiting order's notice, the verification transfer. */
export interface PageExtras {
  /** The notice of an order waiting for the register. */
  waiting?: string | undefined;
  transfer: VerificationTransfer;
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
