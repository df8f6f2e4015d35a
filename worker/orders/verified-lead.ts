/**
 * An order becomes the company's contract only when the company is verified: the
 * quote's lead is won then, in the verification's batch (by hand: worker/orders/admin-routes.ts;
 * by a statement's transfer: worker/payments/import.ts through verification.ts), never at the
 * signing, which proves a mailbox and not the company.
 */
import { leadById } from '../leads/index.ts';
import { leadWonByOrderStatements } from '../leads/lead-work.ts';
import { verifiedBy } from './model-order-verification.ts';
import type { OrderRow } from './model.ts';

/** The statements that win order `order`'s lead, each applied only when the order was verified at `at`. */
export async function leadWonByVerificationStatements(
  db: D1Database,
  order: OrderRow,
  quoteNumber: string,
  how: string,
  request: { ip: string; path: string },
  at: Date,
): Promise<D1PreparedStatement[]> {
  const lead = await leadById(db, order.lead_id);
  if (!lead) return [];
  return leadWonByOrderStatements(
    db,
    lead,
    {
      id: order.id,
      quoteNumber,
      signer: { name: order.signer_name, email: order.signer_email, position: order.signer_position },
      ip: request.ip,
      path: request.path,
      verifiedHow: how,
    },
    verifiedBy(order.id, at),
    at,
  );
}
