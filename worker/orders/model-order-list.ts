/** The team's views of `orders`: the list, newest first in keyset pages, and the delivery calendar. */
import type { OrderStatus } from '../admin-shared/admin-api-orders.ts';
import type { OrderRow } from './model.ts';
import { holdsDay } from './model.ts';
/** An order as the team's list shows it (without the document). */
export type OrderSummary = Omit<OrderRow, 'document' | 'code_hash'> & { quote_number: string | null };

/** Where a page of orders starts: after the order with this time and id (newest first). */
export type OrderKey = [createdAt: string, id: string];

export const orderKey = (row: { created_at: string; id: string }): OrderKey => [row.created_at, row.id];

/** Orders, newest first, optionally of one status; a keyset page: `limit + 1` rows after `after`. */
export async function listOrders(
  db: D1Database,
  status?: OrderStatus,
  { limit = 100, after }: { limit?: number; after?: OrderKey | undefined } = {},
): Promise<OrderSummary[]> {
  const { results } = await db
    .prepare(
      `SELECT o.id, o.quote_id, o.lead_id, o.submission_id, o.body_hash, o.status, o.company_nip, o.company_name,
         o.company_address, o.company_regon, o.company_krs, o.vat_status, o.signer_name, o.signer_position,
         o.signer_email, o.signer_phone, o.delivery_city, o.delivery_date, o.delivery_address, o.attribution, o.marketing_consent,
         o.terms_version, o.terms_sha256, o.document_sha256, o.code_expires_at, o.code_attempts, o.codes_sent,
         o.accepted_at, o.accepted_ip, o.accepted_user_agent, o.installed_at, o.installation, o.created_at,
         o.updated_at, o.code_sent_at, o.register_answer, o.verified_at, o.verified_method, o.verified_by,
         o.verified_note, o.verified_line, o.verified_check, o.verified_account_id, q.number AS quote_number
       FROM orders o LEFT JOIN quotes q ON q.id = o.quote_id
       WHERE ${status ? 'o.status = ?1' : '?1 IS NULL'}${after ? ' AND (o.created_at, o.id) < (?3, ?4)' : ''}
       ORDER BY o.created_at DESC, o.id DESC LIMIT ?2`,
    )
    .bind(status ?? null, limit + 1, ...(after ?? []))
    .all<OrderSummary>();
  return results;
}

/** Orders holding their day (verified or installed) by delivery day and city, from `from` to `to` (inclusive). */
export async function deliveryCalendar(
  db: D1Database,
  from: string,
  to: string,
): Promise<{ day: string; city: string; orders: number; installed: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT delivery_date AS day, delivery_city AS city, COUNT(*) AS orders, SUM(status = 'installed') AS installed
       FROM orders WHERE delivery_date BETWEEN ?1 AND ?2 AND ${holdsDay()}
       GROUP BY delivery_date, delivery_city ORDER BY delivery_date, delivery_city`,
    )
    .bind(from, to)
    .all<{ day: string; city: string; orders: number; installed: number }>();
  return results;
}
