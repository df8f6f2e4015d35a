/**
 * The evidence pack of an order placed online, for the team to download (audited): what
 * proves who concluded the contract and how. The document as accepted with its SHA-256
 * (checked again against the stored text) and the terms' version, the White List's answer
 * the company data came from (its requestId and time), when the code in force was sent and
 * when it was entered, from which IP and browser, and the verification: the transfer's
 * bank reference and the account it came from, or the team member's note. It is kept for
 * the contract's term and then the limitation period (`keepUntil`), whatever a person's
 * erasure asks (widgets/core/privacy.ts `SIGNED_ORDER_KEPT`).
 */
import { SIGNED_ORDER_KEPT } from '../../widgets/core/privacy.ts';
import { sha256Hex } from '../http/auth.ts';
import { type OrderRow, registerAnswerOf } from './model.ts';
import { verificationOf } from './model-order-verification.ts';
import { verificationLineOf } from '../payments/balances.ts';

/** Years after the contract's end the evidence is kept: the general limitation period of claims (art. 118 k.c.), to the year's end. */
export const EVIDENCE_YEARS_AFTER_TERM = 6;

/** The last day of the year `years` after `endDate` ('YYYY-MM-DD'). */
export const keepUntilOf = (endDate: string, years = EVIDENCE_YEARS_AFTER_TERM): string =>
  `${Number(endDate.slice(0, 4)) + years}-12-31`;

const addMonths = (iso: string, months: number): string => {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

/** The evidence pack of `order` (a JSON document), with its quote's number and term and the contract it started. */
export async function evidenceOf(
  db: D1Database,
  order: OrderRow,
  quote: { number: string; price: { term: number | 'short' } } | null,
  contract: { id: string; number: string; startDate: string; endDate: string; termMonths: number } | null,
): Promise<Record<string, unknown>> {
  const line = await verificationLineOf(db, order.id);
  const register = registerAnswerOf(order);
  const termMonths = contract?.termMonths ?? (typeof quote?.price.term === 'number' ? quote.price.term : 12);
  const endDate = contract?.endDate ?? addMonths(order.accepted_at ?? order.created_at, termMonths);
  return {
    kind: 'Dowody zawarcia umowy najmu online',
    generatedAt: new Date().toISOString(),
    order: {
      id: order.id,
      number: quote?.number ?? null,
      status: order.status,
      createdAt: order.created_at,
      company: {
        name: order.company_name,
        address: order.company_address,
        nip: order.company_nip,
        regon: order.company_regon,
        krs: order.company_krs,
        vatStatus: order.vat_status,
      },
      signer: {
        name: order.signer_name,
        position: order.signer_position,
        email: order.signer_email,
        phone: order.signer_phone,
      },
    },
    document: {
      text: order.document,
      sha256: order.document_sha256,
      sha256MatchesText: (await sha256Hex(order.document)) === order.document_sha256,
      termsVersion: order.terms_version,
      termsSha256: order.terms_sha256,
    },
    register: register
      ? {
          source: 'Wykaz podatników VAT Ministerstwa Finansów (API wl-api.mf.gov.pl, /api/search/nip)',
          requestId: register.requestId,
          requestDateTime: register.requestDateTime,
          name: register.name,
          address: register.address,
          regon: register.regon,
          krs: register.krs,
          vatStatus: register.vatStatus,
          accountNumbers: register.accountNumbers,
        }
      : null,
    acceptance: {
      codeSentAt: order.code_sent_at,
      codesSent: order.codes_sent,
      acceptedAt: order.accepted_at,
      ip: order.accepted_ip,
      userAgent: order.accepted_user_agent,
    },
    verification: {
      ...verificationOf(order),
      by: order.verified_by,
      note: order.verified_note,
      transfer: line
        ? {
            bankReference: line.bank_reference,
            lineKey: line.line_key,
            fromAccount: line.payer_account,
            payer: line.payer_name,
            amount: line.amount_gr / 100,
            currency: line.currency,
            bookedOn: line.booked_on,
            title: line.title,
            statementId: line.statement_id,
          }
        : null,
    },
    contract: contract
      ? { id: contract.id, number: contract.number, startDate: contract.startDate, endDate: contract.endDate }
      : null,
    retention: {
      keepUntil: keepUntilOf(endDate),
      basis: `czas trwania umowy (do ${endDate}) i ${EVIDENCE_YEARS_AFTER_TERM} lat przedawnienia roszczeń (art. 118 k.c.), do końca roku`,
      erasure: SIGNED_ORDER_KEPT,
    },
  };
}
