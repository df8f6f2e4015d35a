/**
 * What the invoices offer the rest of the worker of their model: the latest month a contract is
 * invoiced for (an amendment starts after it: worker/admin-api.ts hands it to the contracts'
 * amendment route, since the invoices import the contracts and not the other way).
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export { lastInvoicedMonth } from './model.ts';
