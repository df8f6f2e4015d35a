/** What other features read of payments: invoices' balances and states, an order's verification transfer. */
export { balancesOf, openInvoicesOfEmail, paymentState, verificationLineOf } from './model.ts';
