/**
 * An order verified by a statement line, as the payments feature's import asks for it: the
 * order marked verified (guarded by the line stored as its verification), the signer's e-mail
 * saying so (its own words, from the orders' e-mails) and the lead won, all for the import's
 * one D1 batch. The e-mail is written only if the verification took (its guard).
 */
import { notificationIfStatement } from '../outbox/statements.ts';
import { verifiedMail } from './emails.ts';
import { orderLinks } from './flow.ts';
import type { OrderRow } from './model.ts';
import { verifiedBy, verifiedByTransferStatement } from './model-order-verification.ts';
import { leadWonByVerificationStatements } from './verified-lead.ts';

export interface TransferVerification {
  /** The statement line's key: the line stored as the order's verification. */
  lineKey: string;
  /** The payer's account as the bank wrote it (the e-mail and the lead's history name it). */
  payerAccount: string;
  /** Our origin, for the order page's links in the e-mail. */
  origin: string;
  at: Date;
}

/** The statements, and the index among them of the e-mail's insert (the import hands it to the queue). */
export async function verifiedByTransferStatements(
  db: D1Database,
  order: OrderRow & { quote_number: string },
  t: TransferVerification,
): Promise<{ statements: D1PreparedStatement[]; mailIndex: number }> {
  const how = `przelew z rachunku ${t.payerAccount}`;
  const statements = [
    verifiedByTransferStatement(db, order.id, t.at, t.lineKey),
    notificationIfStatement(
      db,
      order.lead_id,
      verifiedMail(order, order.quote_number, how, orderLinks(t.origin, order.quote_id)),
      verifiedBy(order.id, t.at),
    ),
    // The order is the company's now: its lead is won in the same batch, guarded by the verification.
    ...(await leadWonByVerificationStatements(
      db,
      order,
      order.quote_number,
      how,
      { ip: '', path: '/api/admin/bank-statements' },
      t.at,
    )),
  ];
  return { statements, mailIndex: 1 };
}
