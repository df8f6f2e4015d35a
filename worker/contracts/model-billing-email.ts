/**
 * A contract's billing e-mail (migration 0100): the address of its reminders and of the
 * customer's page (/konto), by which a person's export and erasure find their contracts. A
 * contract stays through a person's erasure (widgets/core/privacy.ts `CONTRACT_KEPT` says
 * why); only the address goes, and the team sets a new one
 * (`POST /api/admin/contracts/:id/billing-email`). The contracts themselves are model.ts.
 */
import { type Contract, type ContractRow, asContract, contractById } from './model.ts';

/**
 * SQL for a statement's condition: whether the address in parameter `param` (lower case) is
 * a contract's billing e-mail (index contracts_by_email). For a statement that must do the
 * same work whoever asks (the portal's sign-in), so the answer's timing tells nothing.
 */
export const billingEmailExists = (param: string): string =>
  `EXISTS (SELECT 1 FROM contracts WHERE billing_email = ${param})`;

/** The contracts whose billing e-mail is `email` (compared in lower case), newest start first. */
export async function contractsForEmail(db: D1Database, email: string): Promise<Contract[]> {
  const { results } = await db
    .prepare('SELECT * FROM contracts WHERE billing_email = ? ORDER BY start_date DESC, number DESC')
    .bind(email.trim().toLowerCase())
    .all<ContractRow>();
  return results.map(asContract);
}

/**
 * The statement that takes `email` (lower case) off every contract whose billing e-mail it
 * is (a person's erasure): the contract stays, without an address until the team sets one,
 * so the address signs in to /konto no more and gets no reminders.
 */
export const releaseBillingEmailStatement = (db: D1Database, email: string): D1PreparedStatement =>
  db.prepare('UPDATE contracts SET billing_email = NULL WHERE billing_email = ?1').bind(email);

/**
 * Sets a contract's billing e-mail (trimmed, lower case): the address of its reminders and
 * of the customer's page. Its devices whose contact address was the old one (or none) take
 * the new one. Answers the contract before the change, or null when there is none.
 */
export async function setBillingEmail(db: D1Database, id: string, email: string): Promise<Contract | null> {
  const before = await contractById(db, id);
  if (!before) return null;
  const address = email.trim().toLowerCase();
  await db.batch([
    db.prepare('UPDATE contracts SET billing_email = ?2 WHERE id = ?1').bind(id, address),
    db
      .prepare('UPDATE devices SET email = ?2 WHERE contract_id = ?1 AND (email IS NULL OR lower(email) = ?3)')
      .bind(id, address, before.billingEmail ?? ''),
  ]);
  return before;
}
