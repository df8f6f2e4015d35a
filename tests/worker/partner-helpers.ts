// Helpers for the partners' tests: a partner's sign-in through its e-mailed link, and a lead's
// signed contract with one invoice and what was paid of it, written straight into D1.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { request } from './admin-helpers.ts';
import { cookieOf, form, signInMail } from './portal-helpers.ts';

const db = () => (env as unknown as Env).DB;

/** Signs a partner in through the e-mailed link and its button (a mail scanner's visits spend nothing); the cookie. */
export async function signInPartner(email: string, ip = '198.51.100.40'): Promise<string> {
  const asked = await form('/partner', { email }, { ip });
  expect(asked.status).toBe(200);
  const { path, token } = await signInMail(email, 'partner');
  expect((await request(path)).status).toBe(200);
  expect((await request(path)).status).toBe(200);
  const click = await form('/partner/zaloguj', { t: token }, { ip });
  expect(click.status).toBe(303);
  return cookieOf(click);
}

/**
 * A signed contract of lead `leadId` started on `start` with one VAT invoice of `period`: net
 * 199,00 zł, VAT 23 % 45,77 zł, gross 244,77 zł, and `paidGr` of it matched from a statement.
 */
export async function contractWithInvoice(
  leadId: string,
  n: number,
  start: string,
  period: string,
  paidGr: number,
  who: { company?: string; email?: string; city?: string } = {},
) {
  const { company = `Firma ${n} sp. z o.o.`, email = 'jan@firma.pl', city = 'Gdynia' } = who;
  const quote = `q-${n}-${crypto.randomUUID()}`;
  const order = `o-${n}-${crypto.randomUUID()}`;
  const contract = `c-${n}-${crypto.randomUUID()}`;
  const invoice = `i-${n}-${crypto.randomUUID()}`;
  const statements = [
    db()
      .prepare(
        `INSERT INTO quotes (id, lead_id, number, year, seq, device_id, device_name, level, term, monthly_limit,
           overage_mono, monthly_net, monthly_vat, monthly_gross, estimated_net, estimated_gross, catalogue_version, city, expires_at)
         VALUES (?1, ?2, ?3, 2026, ?4, 'km-c258', 'Konica Minolta bizhub C258', 'business', '36', 3000, 0.05, 199, 45.77, 244.77, 199, 244.77, 0, ?5, '2027-01-01')`,
      )
      .bind(quote, leadId, `KS-2026-9${String(n).padStart(5, '0')}`, 900_000 + n, city),
    db()
      .prepare(
        `INSERT INTO orders (id, quote_id, lead_id, submission_id, body_hash, status, company_nip, company_name, company_address,
           signer_name, signer_position, signer_email, signer_phone, delivery_city, delivery_date, delivery_address,
           terms_version, terms_sha256, document, document_sha256, accepted_at, installed_at)
         VALUES (?1, ?2, ?3, ?1, 'h', 'installed', '5260250274', ?4, 'ul. Morska 1, Gdynia', 'Jan Kowalski', 'Prezes',
           ?7, '+48600100200', ?8, ?5, 'ul. Morska 1', 'v1', 's', 'd', 's', ?6, ?6)`,
      )
      .bind(order, quote, leadId, company, start, `${start}T10:00:00.000Z`, email, city),
    db()
      .prepare(
        `INSERT INTO contracts (id, number, year, seq, company, nip, start_date, term_months, catalogue_version, origin, order_ref, created_by)
         VALUES (?1, ?2, 2026, ?3, ?4, '5260250274', ?5, 36, 0, 'order', ?6, 'test')`,
      )
      .bind(contract, `UM-2026-9${String(n).padStart(5, '0')}`, 900_000 + n, company, start, order),
    db()
      .prepare(
        `INSERT INTO invoices (id, number, year, seq, kind, contract_id, period, issue_date, due_date, net_gr, vat_gr, gross_gr,
           seller_nip, buyer_nip, xml, xml_sha256, created_by)
         VALUES (?1, ?2, 2026, ?3, 'VAT', ?4, ?5, ?5 || '-28', ?5 || '-28', 19900, 4577, 24477, '5260250274', '5260250274', '<x/>', 'h', 'test')`,
      )
      .bind(invoice, `FV/9${n}/2026`, 900_000 + n, contract, period),
  ];
  if (paidGr > 0)
    statements.push(
      db()
        .prepare(
          `INSERT INTO bank_statements (id, format, file_sha256, lines, matched, unmatched, duplicates, uploaded_by)
           VALUES (?1, 'mt940', ?1, 1, 1, 0, 0, 'test')`,
        )
        .bind(`s-${invoice}`),
      db()
        .prepare(
          `INSERT INTO bank_lines (line_key, statement_id, booked_on, amount_gr, currency, title, match_kind, invoice_id)
           VALUES (?1, ?1, ?2 || '-30', ?3, 'PLN', 'FV', 'invoice', ?4)`,
        )
        .bind(`s-${invoice}`, period, paidGr, invoice),
    );
  await db().batch(statements);
}
