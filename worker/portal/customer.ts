/**
 * Who a signed-in customer is and what is theirs: everything the portal shows or acts on
 * goes through here, so no route can reach another customer's device, reading, ticket or
 * order. A customer is the address their devices are registered with.
 */
import { type DeviceRow, devicesOfEmail } from '../models/devices.ts';

export async function isCustomerEmail(db: D1Database, email: string): Promise<boolean> {
  return (await devicesOfEmail(db, email.toLowerCase())).length > 0;
}

/** The customer's devices, by registry id. */
export async function customerDevices(db: D1Database, email: string): Promise<DeviceRow[]> {
  return devicesOfEmail(db, email.toLowerCase());
}

/** One of the customer's devices, or undefined when the id is not theirs. */
export async function customerDevice(db: D1Database, email: string, id: number): Promise<DeviceRow | undefined> {
  return (await customerDevices(db, email)).find((d) => d.id === id);
}
