/**
 * What the contracts feature offers the rest of the worker: contracts, their devices and bills, the
 * reading links, and the statements an online order's installation writes in its own batch.
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export {
  clearDeviceContactStatement,
  deviceById,
  deviceBySerial,
  type DeviceRow,
  devicesByNip,
  devicesOfContracts,
  devicesOfEmail,
} from './model-devices.ts';
export { billOfContract, billsOf, billsOfMonths } from './model-contract-bills.ts';
export { billingEmailExists, contractsForEmail, releaseBillingEmailStatement } from './model-billing-email.ts';
export {
  type Contract,
  contractById,
  type ContractDevice,
  contractDevices,
  type ContractKey,
  contractKey,
  contractsPage,
  contractStatements,
  deviceByReadingToken,
  readingDeviceOf,
  readingLink,
  recordContractReading,
} from './model.ts';
