/**
 * Contracts in the admin:
 *  - `GET /api/admin/contracts`: the contracts by number, each with its devices (reading
 *    link, the rates in force and their history) and the reading reminders sent; a keyset
 *    page (`limit`, `after` = the `next` of the page before);
 *  - `GET /api/admin/contracts/:id/bill?period=YYYY-MM`: the contract's bill of a month
 *    (worker/meter/bill.ts), the same figures however often it is made;
 *  - `POST /api/admin/contracts`: a contract signed by hand, at the live catalogue's prices;
 *  - `POST /api/admin/contracts/:id/billing-email` `{billingEmail}`: the contract's new billing
 *    address (its reminders, the customer's page), e.g. after a person's erasure took the old one;
 *  - `POST /api/admin/amendments`: a price change of a device from the first day of a month
 *    not invoiced yet (after the latest month invoiced), with its reason; owner and sales only
 *    (worker/admin-shared/roles.ts).
 */
import { type Context, Hono } from 'hono';
import { ADMIN_ERRORS, SERVICE_ADMIN_ERRORS } from '../http/errors.ts';
import { auditDetails } from '../http/audit-notes.ts';
import { auditView } from '../http/audit-view.ts';
import { READING_LINK_ROLES } from '../admin-shared/roles.ts';
import { liveCatalogue } from '../catalogue/index.ts';
import { addRates } from './model-contract-rates.ts';
import { billOfContract } from './model-contract-bills.ts';
import {
  contractById,
  contractDevices,
  createContract,
  devicesOfContractsWithRates,
  type ContractKey,
  contractKey,
  contractsPage,
  readingLink,
} from './model.ts';
import { setBillingEmail } from './model-billing-email.ts';
import { deviceBySerial } from './model-devices.ts';
import { remindersOfContracts } from '../meter/index.ts';
import {
  RENTAL_ERRORS,
  amendmentSchema,
  amendmentStartOk,
  billingEmailSchema,
  contractBodySchema,
} from './rental-validation.ts';
import { SERVICE_ERRORS } from '../../widgets/core/service-validation.ts';
import { check } from '../../widgets/core/validation.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import type { ContractListed, ContractList } from '../admin-shared/admin-api.ts';

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

export const contractRoutes = new Hono<AdminEnv>();
/** The latest month a contract is invoiced for ('YYYY-MM', or null): the invoices' look-up, handed in by worker/admin-api.ts. */
export type LastInvoicedMonth = (db: D1Database, contractId: string) => Promise<string | null>;

/**
 * Mounted at `/amendments`: a price change is its own area in the role table (owner and sales).
 * It starts after the latest month invoiced, which the invoices know (they import the contracts,
 * so the root hands their look-up in).
 */
export function amendmentRoutesWith(lastInvoiced: LastInvoicedMonth): Hono<AdminEnv> {
  const amendmentRoutes = new Hono<AdminEnv>();
  amendmentRoutes.post('/', (c) => amend(c, lastInvoiced));
  return amendmentRoutes;
}

contractRoutes.get('/', async (c) => {
  const origin = new URL(c.req.url).origin;
  // A reading link is the key to a device's bill: only the roles that send it to customers see it.
  const showLinks = READING_LINK_ROLES.includes(c.get('session').role);
  const page = pageRequest<ContractKey>(c.req.query('limit'), c.req.query('after'), 1);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const { rows: contracts, next } = pageOf(await contractsPage(c.env.DB, page), page.limit, contractKey);
  // The page's devices, rates and reminders in three queries, not two per contract.
  const ids = contracts.map((contract) => contract.id);
  const [devicesOf, reminderRows] = await Promise.all([
    devicesOfContractsWithRates(c.env.DB, ids),
    remindersOfContracts(c.env.DB, JSON.stringify(ids)),
  ]);
  const remindersOf = new Map<string, typeof reminderRows>();
  for (const r of reminderRows) remindersOf.set(r.contract_id, [...(remindersOf.get(r.contract_id) ?? []), r]);
  const listed: ContractListed[] = [];
  for (const contract of contracts) {
    const devices = devicesOf.get(contract.id) ?? [];
    const reminders = remindersOf.get(contract.id) ?? [];
    listed.push({
      ...contract,
      devices: devices.map((d) => ({
        serial: d.serial,
        readingLink: showLinks && d.readingToken ? `${origin}${readingLink(d.readingToken)}` : null,
        rates: d.rates,
        ratesHistory: d.ratesHistory.map((r) => ({
          effectiveFrom: r.effective_from,
          monthlyPrice: r.monthly_price,
          monthlyLimit: r.monthly_limit,
          colorLimit: r.color_limit,
          overageMono: r.overage_mono,
          overageColor: r.overage_color,
          catalogueVersion: r.catalogue_version,
          reason: r.reason,
          createdBy: r.created_by,
          createdAt: r.created_at,
        })),
      })),
      reminders: reminders.map((r) => ({ period: r.period, sentAt: r.created_at, state: r.outbox_state })),
    });
  }
  auditView(c, 'contracts.view', { rows: listed.length, readingLinks: showLinks });
  return c.json({ contracts: listed, limit: page.limit, next } satisfies ContractList);
});

contractRoutes.get('/:id/bill', async (c) => {
  const period = c.req.query('period') ?? '';
  if (!PERIOD.test(period)) return c.json({ error: SERVICE_ADMIN_ERRORS.period }, 400);
  const contract = await contractById(c.env.DB, c.req.param('id'));
  if (!contract) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const bill = await billOfContract(c.env.DB, contract.id, period);
  if (!bill) return c.json({ error: SERVICE_ADMIN_ERRORS.notRunning }, 404);
  // The panel opens a bill per contract of the list: the month's bills are one view.
  auditView(c, 'contracts.bill', { rows: 1, period }, `/api/admin/contracts/*/bill?period=${period}`);
  return c.json({ bill });
});

/**
 * A contract's new billing e-mail: the address of its reading reminders and of the
 * customer's page (after a person's erasure took the old one off, the contract has none).
 */
contractRoutes.post('/:id/billing-email', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(billingEmailSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: 'billingEmail' }, 400);
  const address = parsed.data.billingEmail.trim().toLowerCase();
  const before = await setBillingEmail(c.env.DB, c.req.param('id'), address);
  if (!before) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  auditDetails(c, { contract: before.number, from: before.billingEmail, to: address });
  return c.json({ ok: true, billingEmail: address });
});

contractRoutes.post('/', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(contractBodySchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const b = parsed.data;
  const made = await createContract(c.env.DB, {
    customer: {
      company: b.company ?? '',
      nip: b.nip ?? null,
      billingEmail: b.billingEmail,
      address: b.companyAddress,
      jst: b.jst,
      gv: b.gv,
      unit: b.unit && { name: b.unit.name ?? '', nip: b.unit.nip, address: b.unit.address || null },
    },
    devices: b.devices,
    startDate: b.startDate,
    termMonths: b.termMonths,
    catalogue: await liveCatalogue(c.env.DB),
    createdBy: c.get('session').user,
    spotColour: b.spotColour,
  });
  if (made === 'serial-taken') return c.json({ error: SERVICE_ADMIN_ERRORS.serialTaken }, 409);
  if ('error' in made) return c.json({ error: SERVICE_ERRORS.deviceModel }, 400);
  auditDetails(c, { contract: made.number, catalogueVersion: made.catalogueVersion, spotColour: made.spotColour });
  return c.json({ ok: true, id: made.id, number: made.number }, 201);
});

async function amend(c: Context<AdminEnv>, lastInvoiced: LastInvoicedMonth) {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(amendmentSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const a = parsed.data;
  const row = await deviceBySerial(c.env.DB, a.serial);
  const contract = row?.contract_id ? await contractById(c.env.DB, row.contract_id) : null;
  const device = contract ? (await contractDevices(c.env.DB, contract.id)).find((d) => d.deviceRow === row?.id) : null;
  if (!contract || !device) return c.json({ error: SERVICE_ADMIN_ERRORS.unknownSerial }, 404);
  const invoiced = await lastInvoiced(c.env.DB, contract.id);
  if (!amendmentStartOk(a.effectiveFrom, invoiced, contract)) {
    const last = invoiced ? ` Ostatnia wystawiona faktura jest za ${invoiced.slice(5)}.${invoiced.slice(0, 4)}.` : '';
    return c.json({ error: `${RENTAL_ERRORS.effectiveFrom}${last}`, field: 'effectiveFrom' }, 400);
  }
  const color = device.rates.deviceType === 'color';
  const added = await addRates(
    c.env.DB,
    device.serial,
    {
      ...device.rates,
      effectiveFrom: a.effectiveFrom,
      catalogueVersion: null,
      monthlyPrice: a.monthlyPrice,
      monthlyLimit: a.monthlyLimit,
      colorLimit: color ? (a.colorLimit ?? 0) : null,
      overageMono: a.overageMono,
      overageColor: color ? (a.overageColor ?? 0) : null,
    },
    a.reason,
    c.get('session').user,
  );
  if (!added) return c.json({ error: SERVICE_ADMIN_ERRORS.amendmentTaken }, 409);
  auditDetails(c, {
    contract: contract.number,
    serial: device.serial,
    effectiveFrom: a.effectiveFrom,
    from: device.rates,
    reason: a.reason,
  });
  return c.json({ ok: true }, 201);
}
