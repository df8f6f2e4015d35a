/**
 * Who a signed-in customer is and what is theirs: everything the portal shows or acts on
 * goes through here, so no route can reach another customer's contract, device, reading,
 * ticket or order. A customer is the billing e-mail of their contracts
 * (contracts/model-billing-email.ts `contractsForEmail`).
 */
import {
  type Contract,
  type ContractDevice,
  billingEmailExists,
  contractDevices,
  contractsForEmail,
} from '../contracts/index.ts';
import { type DeviceRow, devicesOfContracts } from '../contracts/index.ts';

export interface CustomerDevice {
  contract: Contract;
  /** The device under its contract: serial, reading token, the rates in force (model, type, package). */
  device: ContractDevice;
  /** The registry row (company, phone). */
  row: DeviceRow;
}

export async function isCustomerEmail(db: D1Database, email: string): Promise<boolean> {
  return (await contractsForEmail(db, email)).length > 0;
}

/** SQL: whether the address in parameter `param` is a customer's, for a statement that decides inside itself. */
export const isCustomerEmailSql = billingEmailExists;

export async function customerContracts(db: D1Database, email: string): Promise<Contract[]> {
  return contractsForEmail(db, email);
}

/** The devices of the customer's contracts, by contract and serial. */
export async function customerDevices(db: D1Database, email: string): Promise<CustomerDevice[]> {
  const contracts = await contractsForEmail(db, email);
  const [rows, perContract] = await Promise.all([
    devicesOfContracts(
      db,
      contracts.map((c) => c.id),
    ),
    Promise.all(contracts.map((c) => contractDevices(db, c.id))),
  ]);
  return contracts.flatMap((contract, i) =>
    (perContract[i] ?? []).flatMap((device) => {
      const row = rows.find((r) => r.id === device.deviceRow);
      return row ? [{ contract, device, row }] : [];
    }),
  );
}

/** One of the customer's devices by its registry id, or undefined when the id is not theirs. */
export async function customerDevice(db: D1Database, email: string, id: number): Promise<CustomerDevice | undefined> {
  return (await customerDevices(db, email)).find((d) => d.device.deviceRow === id);
}
