/**
 * What the online orders offer the rest of the worker: whether a lead has an order, a person's
 * orders for the export, the erasure and the retention job, and when orders were signed (the invoices' contract date).
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export { abandonedOrderIds, eraseOrdersStatements, ordersOfEmail } from './model-order-privacy.ts';
export { deleteOrderRequestsOfEmailStatement } from './model-order-requests.ts';
export { acceptedAtOf, leadHasOrder, orderOfLead, type OrderRow } from './model.ts';
