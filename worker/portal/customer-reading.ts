/**
 * A customer's reading, from the device's reading link or from /konto: stored under the
 * counter's rules of the contract (contracts/model.ts `recordContractReading`) together
 * with its confirmation (the counters as received and the reading's reference) in the same
 * D1 batch, then handed to the e-mail queue. The confirmation goes to the contract's
 * address only: the portal user signed in with it, and an address typed into the reading
 * link's form may be anyone's, so it never receives one.
 */
import { enqueueNotification } from '../outbox/delivery.ts';
import { readingConfirmation } from './emails.ts';
import { type Contract, type ContractDevice, recordContractReading } from '../contracts/index.ts';
import { READING_REFERENCE_PLACEHOLDER, type ReadingToRecord, type RecordResult } from '../meter/index.ts';

export async function recordCustomerReading(
  env: Pick<Env, 'DB' | 'EMAIL_QUEUE'>,
  contract: Contract,
  device: ContractDevice,
  reading: Omit<ReadingToRecord, 'today' | 'confirmation' | 'submissionId'> & { submissionId: string },
): Promise<RecordResult> {
  const to = contract.billingEmail;
  const confirmation = to
    ? readingConfirmation(to, {
        device: device.rates.deviceName,
        serial: device.serial,
        readOn: reading.readOn,
        mono: reading.mono,
        color: reading.color,
        reference: READING_REFERENCE_PLACEHOLDER,
      })
    : undefined;
  const result = await recordContractReading(env.DB, contract, device, { ...reading, confirmation });
  if (result.kind === 'stored' && result.confirmationId !== undefined)
    await enqueueNotification(env, result.confirmationId);
  return result;
}
