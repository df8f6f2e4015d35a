/**
 * The installation protocol of an order placed online (date, serial, starting counters), once
 * the order is verified (the company's transfer or the team's check): it starts the contract with the quote's frozen prices (exactly one contract and its device, no
 * device typed by hand), e-mails the customer and sends `order.installed` in the order's own
 * batch, then records the starting counters as the device's first reading.
 */
import { installedMail } from './emails.ts';
import { ADMIN_ERRORS } from '../http/errors.ts';
import { liveVersion } from '../catalogue/index.ts';
import {
  type Contract,
  type ContractDevice,
  contractById,
  contractDevices,
  contractStatements,
  recordContractReading,
} from '../contracts/index.ts';
import { type OrderRow, orderById } from './model.ts';
import { installOrder } from './model-order-installation.ts';
import { quoteById } from '../quotes/index.ts';
import { INSTALLATION_ERRORS, type InstallationInput } from './order-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { orderEvent } from './events.ts';
import { spotColourOfTerms } from '../../widgets/core/terms.ts';
import { warsawDay } from '../../widgets/core/warsaw-time.ts';

/** The note of the reading the protocol's starting counters become. */
export const STARTING_COUNTERS_NOTE = 'Stan początkowy z protokołu instalacji';

export type InstallationResult =
  | {
      ok: true;
      contract: (Contract & { devices: ContractDevice[] }) | null;
      webhookIds: number[];
      notificationId: number | undefined;
    }
  | { ok: false; status: 400 | 404 | 409; error: string; field?: string };

const refused = (status: 400 | 404 | 409, error: string, field?: string): InstallationResult => ({
  ok: false,
  status,
  error,
  ...(field ? { field } : {}),
});

/** Installs signed order `order` by protocol `p`, recorded by `recordedBy`; `origin` makes the e-mail's links. */
export async function installFromOrder(
  env: { DB: D1Database; LIVE_CATALOGUE_TTL_MS?: string },
  order: OrderRow,
  p: InstallationInput,
  recordedBy: string,
  origin: string,
): Promise<InstallationResult> {
  if (order.status !== 'signed') return refused(409, INSTALLATION_ERRORS.notSigned);
  // A stranger must not get a contract started in a company's name: the company's transfer or the team's check first.
  if (!order.verified_at) return refused(409, INSTALLATION_ERRORS.notVerified);
  if (p.installedOn > warsawToday()) return refused(400, INSTALLATION_ERRORS.installedOn, 'installedOn');
  // The device is installed under a signed contract: never on a day before the customer signed it (Warsaw days).
  const signedOn = order.accepted_at ? warsawDay(new Date(order.accepted_at)) : null;
  if (signedOn && p.installedOn < signedOn)
    return refused(400, `${INSTALLATION_ERRORS.beforeSigned} Podpisano ją ${signedOn}.`, 'installedOn');
  const quote = await quoteById(env.DB, order.quote_id);
  if (!quote) return refused(404, ADMIN_ERRORS.notFound);
  const price = quote.price;
  const colour = price.overageColor !== undefined;
  if (!colour && p.color !== null) return refused(400, INSTALLATION_ERRORS.noColor, 'color');
  if (colour && p.color === null) return refused(400, INSTALLATION_ERRORS.color, 'color');
  const termMonths = price.term === 'short' ? p.termMonths : price.term;
  if (!termMonths) return refused(400, INSTALLATION_ERRORS.termMonths, 'termMonths');
  const { catalogue } = await liveVersion(env);
  // The quote's prices, frozen: the catalogue only names the version they came from.
  const made = contractStatements(env.DB, {
    customer: {
      company: order.company_name,
      nip: order.company_nip,
      billingEmail: order.signer_email,
      address: order.company_address,
    },
    devices: [
      {
        serial: p.serial,
        deviceId: price.deviceId,
        level: price.level,
        rates: {
          catalogueVersion: quote.catalogueVersion,
          deviceId: price.deviceId,
          deviceName: price.deviceName,
          deviceType: colour ? 'color' : 'mono',
          level: price.level,
          monthlyPrice: price.monthlyNet,
          monthlyLimit: price.monthlyLimit,
          colorLimit: colour ? (price.colorLimit ?? 0) : null,
          overageMono: price.overageMono,
          overageColor: colour ? (price.overageColor ?? 0) : null,
        },
      },
    ],
    startDate: p.installedOn,
    termMonths,
    catalogue: { ...catalogue, version: quote.catalogueVersion },
    createdBy: recordedBy,
    origin: 'order',
    orderRef: order.id,
    // As the terms the customer accepted say (none before 2026-12-03: those pages are not billed).
    spotColour: spotColourOfTerms(order.terms_version),
  });
  if ('error' in made) return refused(400, INSTALLATION_ERRORS.unknownDevice);
  const installation = {
    installedOn: p.installedOn,
    serial: p.serial,
    mono: p.mono,
    color: p.color,
    contractId: made.id,
    recordedBy,
  };
  const installedRow = { ...order, status: 'installed' as const };
  const page = `${origin}/zamowienie/${quote.id}`;
  let result: Awaited<ReturnType<typeof installOrder>>;
  try {
    result = await installOrder(
      env.DB,
      order,
      installation,
      // The contract names the company as the order does: the register's name and address, never as typed.
      made.statements,
      installedMail(installedRow, quote, p.installedOn, [p.serial], { page, document: `${page}/umowa.txt` }),
      {
        ...orderEvent(installedRow, quote),
        installation: { installedOn: p.installedOn, serial: p.serial },
        contractId: made.id,
      },
    );
  } catch (error) {
    if (!/UNIQUE/.test(String(error))) throw error;
    const again = await orderById(env.DB, order.id);
    if (again?.status !== 'signed') return refused(409, INSTALLATION_ERRORS.notSigned);
    return refused(409, INSTALLATION_ERRORS.serialTaken, 'serial');
  }
  if (!result.installed) return refused(409, INSTALLATION_ERRORS.notSigned);

  const contract = await contractById(env.DB, made.id);
  const devices = contract ? await contractDevices(env.DB, made.id) : [];
  const device = devices[0];
  // The starting counters: the device's first reading under its contract.
  if (contract && device) {
    const reading = await recordContractReading(env.DB, contract, device, {
      readOn: p.installedOn,
      mono: p.mono,
      color: p.color,
      sentBy: recordedBy,
      source: 'team',
      note: STARTING_COUNTERS_NOTE,
    });
    if (reading.kind !== 'stored') console.error('orders: the starting counters were not stored', reading);
  }
  return {
    ok: true,
    contract: contract ? { ...contract, devices } : null,
    webhookIds: result.webhookIds,
    notificationId: result.notificationId,
  };
}
