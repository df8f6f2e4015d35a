/**
 * What the payments feature may do with orders: find the signed orders that wait for their
 * verification transfer, read the accounts the register listed, and verify one by a
 * statement line in the import's batch (its guard finds the order verified by it), and win
 * its lead in the same batch.
 */
export { ordersAwaitingVerification, verifiedBy, verifiedByTransferStatement } from './model-order-verification.ts';
export { registerAnswerOf } from './model.ts';
export { leadWonByVerificationStatements } from './verified-lead.ts';
