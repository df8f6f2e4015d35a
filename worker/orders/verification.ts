/**
 * What the payments feature may do with orders: find the signed orders that wait for their
 * verification transfer, read the accounts the register listed, and verify one by a
 * statement line in the import's batch (its guard finds the order verified by it), with the
 * signer's e-mail and its lead won in the same batch: the orders feature writes its own e-mail.
 */
export { ordersAwaitingVerification } from './model-order-verification.ts';
export { registerAnswerOf } from './model.ts';
export { type TransferVerification, verifiedByTransferStatements } from './verified-by-transfer.ts';
