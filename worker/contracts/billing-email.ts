/**
 * The contracts of a billing e-mail, for the features that deal with a person by their
 * address (the export and erasure of their data): the contracts it is the billing address
 * of, and the statement that takes it off them. A contract stays through a person's
 * erasure (widgets/core/privacy.ts `CONTRACT_KEPT` says why); only the address goes, and the
 * team sets a new one (`POST /api/admin/contracts/:id/billing-email`).
 */
import { type Contract, contractsForEmail, releaseBillingEmailStatement } from './model.ts';

export type { Contract };

/** The contracts whose billing e-mail is `email` (any case), newest start first. */
export const contractsBilledTo = (db: D1Database, email: string): Promise<Contract[]> => contractsForEmail(db, email);

/** The statement, for an erasure's batch, that takes `email` (lower case) off its contracts. */
export const releaseBillingEmail = (db: D1Database, email: string): D1PreparedStatement =>
  releaseBillingEmailStatement(db, email);
