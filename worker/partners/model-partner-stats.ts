/**
 * What a partner brought, read from the chain lead → quote → order → contract → invoice →
 * payment (the lead's `partner`, as confirmed or moved by the team, decides): the partner's
 * leads with what a partner may see of them, and its contracts' invoices with what was paid
 * (the `invoice_balances` view: statement lines matched, the verification transfer credited).
 * No personal data of a lead is read here: no name, e-mail, phone or message; and once a person is
 * erased (their lead anonymised: the owner's erasure or the retention period) neither the city nor
 * the company's name (a sole trader's is the person's own): the company reads ERASED_NAME, the money stays.
 */
import { ERASED_NAME } from '../admin-shared/privacy-validation.ts';

/** The company of the lead `l`'s order `o`, or the parameter `erased` (ERASED_NAME) once the lead is anonymised. */
const companyOr = (erased: string) => `CASE WHEN l.anonymised_at IS NULL THEN o.company_name ELSE ${erased} END`;

export interface PartnerLeadRow {
  id: string;
  created_at: string;
  stage: string;
  kind: string;
  city: string | null;
  device_name: string | null;
  level: string | null;
  has_quote: number;
  order_status: string | null;
  accepted_at: string | null;
  installed_at: string | null;
  company_name: string | null;
}

/** The partner's leads, oldest first (at most `limit`). */
export async function partnerLeads(db: D1Database, partnerId: string, limit = 5000): Promise<PartnerLeadRow[]> {
  const { results } = await db
    .prepare(
      `SELECT l.id, l.created_at, l.stage, l.kind,
              CASE WHEN l.anonymised_at IS NULL THEN COALESCE(q.city, o.delivery_city) END AS city, q.device_name, q.level,
              q.id IS NOT NULL AS has_quote, o.status AS order_status, o.accepted_at, o.installed_at,
              CASE WHEN o.status IN ('signed', 'installed') THEN ${companyOr('?3')} END AS company_name
       FROM leads l LEFT JOIN quotes q ON q.lead_id = l.id LEFT JOIN orders o ON o.lead_id = l.id
       WHERE json_extract(l.attribution, '$.partner') = ?1
       ORDER BY l.created_at, l.id LIMIT ?2`,
    )
    .bind(partnerId, limit, ERASED_NAME)
    .all<PartnerLeadRow>();
  return results;
}

export interface PartnerInvoiceRow {
  contract_id: string;
  contract_number: string;
  start_date: string;
  company_name: string;
  installed_at: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  period: string | null;
  net_gr: number | null;
  due_gr: number | null;
  paid_gr: number | null;
}

/** The partner's contracts (from its leads' orders), each with its VAT invoices (corrections included). */
export async function partnerInvoices(db: D1Database, partnerId: string): Promise<PartnerInvoiceRow[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id AS contract_id, c.number AS contract_number, c.start_date, ${companyOr('?2')} AS company_name, o.installed_at,
              b.id AS invoice_id, b.number AS invoice_number, b.period,
              i.net_gr + COALESCE((SELECT SUM(k.net_gr) FROM invoices k WHERE k.corrects_id = i.id AND k.kind = 'KOR'), 0) AS net_gr,
              b.due_gr, b.paid_gr
       FROM leads l JOIN orders o ON o.lead_id = l.id JOIN contracts c ON c.order_ref = o.id
         LEFT JOIN invoice_balances b ON b.contract_id = c.id LEFT JOIN invoices i ON i.id = b.id
       WHERE json_extract(l.attribution, '$.partner') = ?1
       ORDER BY c.number, b.period`,
    )
    .bind(partnerId, ERASED_NAME)
    .all<PartnerInvoiceRow>();
  return results;
}
