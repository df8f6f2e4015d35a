/**
 * What other features use of contracts to bill and invoice them (worker/invoices): the
 * contracts page by page, one by id, and their bills of a month, made from D1's data by
 * worker/meter/bill.ts `billFor`. The SQL stays in model.ts; this is the feature's door.
 */
export {
  type Contract,
  type ContractKey,
  billOfContract,
  billsOf,
  contractById,
  contractKey,
  contractsPage,
} from './model.ts';
