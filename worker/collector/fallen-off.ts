/**
 * Fallen off: a device that had collector reports and sent none for 3 days is listed
 * in the panel ('Urządzenia', `GET /api/admin/collectors` → `fallenOff`) and its contract's billing
 * address is e-mailed once, with the reading link still the way out; its next report clears it
 * (intake.ts), and a later silence e-mails again. Run by the five-minute cron.
 */
import { contractById } from '../contracts/index.ts';
import { standaloneNotificationStatement } from '../outbox/index.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { company } from '../../widgets/core/company.ts';
import { warsawDateTime } from '../../widgets/core/warsaw-time.ts';
import { markListed, newlySilentDevices, openFault } from './model-reports.ts';

export const SILENT_DAYS = 3;
/** Devices handled per run: each costs a few queries of the invocation's 1 000. */
const PER_RUN = 50;

export async function listFallenOff(env: Env, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SILENT_DAYS * 86_400_000).toISOString();
  let listed = 0;
  for (const device of await newlySilentDevices(env.DB, before, PER_RUN)) {
    const faultId = await openFault(env.DB, device.device_row, 'silent', now.toISOString());
    // Listed (or already listed, its fault open): the next runs pass it by until it reports again.
    await markListed(env.DB, device.device_row);
    if (faultId === undefined) continue;
    listed += 1;
    const contract = await contractById(env.DB, device.contract_id);
    if (!contract?.billingEmail) continue;
    const [queued] = await env.DB.batch<{ id: number }>([
      standaloneNotificationStatement(env.DB, `collector-silent:${faultId}`, {
        recipient: contract.billingEmail,
        replyTo: env.SERVICE_EMAIL || company.salesEmail,
        subject: `Urządzenie ${device.serial} nie przesyła odczytów`,
        body: [
          'Dzień dobry,',
          '',
          `od ${warsawDateTime(device.last_at)} nie dostaliśmy automatycznego odczytu licznika urządzenia ${device.serial} (umowa ${contract.number}).`,
          'Sprawdź, proszę, czy urządzenie i komputer z kolektorem są włączone i podłączone do sieci.',
          'Do tego czasu stan licznika możesz podać jak dotąd: linkiem do odczytu albo w strefie klienta (/konto).',
          '',
          'Zespół Kserowo',
        ].join('\n'),
      }),
    ]);
    const id = queued?.results[0]?.id;
    if (id !== undefined) await enqueueNotification(env, id);
  }
  return listed;
}
