/**
 * What the online orders offer the rest of the worker: whether a lead has an order, and a person's
 * orders for the export, the erasure and the retention job.
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export {
  abandonedOrderIds,
  deleteOrderRequestsOfEmailStatement,
  eraseOrdersStatements,
  leadHasOrder,
  orderOfLead,
  type OrderRow,
  ordersOfEmail,
} from './model.ts';
