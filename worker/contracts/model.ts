/**
 * Contracts (migration 0100, DESIGN §8): the record the money hangs on. A contract names
 * the customer (company, NIP, billing e-mail), its start and term, and its devices (rows
 * of `devices`: serial, model, package, reading token); each device's monthly fee,
 * allowances and overage rates are frozen in `contract_rates` from the catalogue version
 * live at signing. A catalogue published later changes none of it; a price change is an
 * amendment (a new rates row from its effective date, with its reason and author).
 *
 * The API, for the admin, the online order and the customer portal:
 *
 *   // Signing: freeze the prices of `catalogue` (the version live now, `liveCatalogue(db)`)
 *   // or pass each device's `rates` (e.g. a quote's prices) yourself.
 *   const made = contractStatements(db, {
 *     customer: { company: 'Alfa sp. z o.o.', nip: '5260250274', billingEmail: 'faktury@alfa.pl' },
 *     devices: [{ serial: 'A1B2C3', deviceId: 'km-c3320i', level: 'business' }],
 *     startDate: '2026-12-01', termMonths: 36, catalogue, createdBy: 'Anna (instalacja)',
 *     origin: 'order', orderRef: order.id,
 *   });
 *   if ('error' in made) …                  // 'unknown-device': a model or package the catalogue lacks
 *   await db.batch([...yourStatements, ...made.statements]);  // all or nothing; a serial that
 *   // another contract rents, or a contract number taken by a concurrent signing, fails the batch
 *   // (UNIQUE): run it again (`createContract` does that for you and answers 'serial-taken').
 *   made.id; made.devices[0].readingToken;  // the link is readingLink(token): /licznik?t=<token>
 *
 *   await createContract(db, input)        // → ContractWithDevices | 'serial-taken' | {error}
 *   await contractById(db, id) / contractByNumber(db, 'UM-2026-000001')
 *   await contractsForEmail(db, email)     // model-billing-email.ts: the contracts whose billing e-mail it is (any case)
 *   await contractDevices(db, contractId)  // devices with their token and rates in force today
 *   await deviceByReadingToken(db, token)  // {contract, device} of a reading link, or null
 *   await recordContractReading(db, contract, device, reading)  // the counter's rules, idempotent
 *   await billOfContract(db, contractId, 'YYYY-MM')  // model-contract-bills.ts: worker/meter/bill.ts `billFor` on D1's data
 *
 * Readings sent through the token link or the portal use `recordContractReading` with
 * `source: 'link' | 'portal'`; its answer kinds are 'stored', 'replay' (201 again),
 * 'conflict' (409), 'refused' (400 with `readingRefusal(reason)` from http/errors.ts) and
 * 'jump' (422 `{confirm: true}`). A public answer shows counters only to the token's holder.
 */
import { type FrozenRates, ratesIn } from '../meter/bill.ts';
import type { BuyerUnit, ContractFacts } from '../admin-shared/admin-api-service.ts';
import { contractEndOf } from '../../widgets/core/meter.ts';
import { type Catalogue, type PackageLevel, findDevice, findPackage } from '../../widgets/core/model.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import type { SpotColour } from '../../widgets/core/terms.ts';
import { asFrozenRates, type RatesRow, ratesOfDevices, ratesStatement } from './model-contract-rates.ts';
import {
  type DeviceRow,
  contractDeviceStatement,
  deviceByToken,
  devicesOfContract,
  devicesOfContracts,
} from './model-devices.ts';
import { newPageId } from '../http/auth.ts';
import { type ReadingDevice, type ReadingToRecord, type RecordResult, recordReading } from '../meter/index.ts';

export interface ContractRow {
  id: string;
  number: string;
  year: number;
  seq: number;
  company: string;
  nip: string | null;
  billing_email: string | null;
  start_date: string;
  term_months: number;
  catalogue_version: number;
  origin: 'team' | 'order' | 'migration';
  order_ref: string | null;
  created_by: string;
  created_at: string;
  /** The buyer's registered address, one line as the register gives it (the invoice's buyer address). */
  company_address: string | null;
  buyer_jst: number;
  buyer_gv: number;
  /** JSON of the JST's unit or the VAT group's member (FA(3) Podmiot3), or null. */
  buyer_unit?: string | null;
  /** How single- and two-colour pages count (migration 0514); null: the contract does not say. */
  spot_colour?: SpotColour | null;
}

/** A contract: its facts as the panel lists them (one definition, in the admin API's types), and who made it. */
export interface Contract extends ContractFacts {
  orderRef: string | null;
  createdBy: string;
  createdAt: string;
}

export interface ContractDevice {
  deviceRow: number;
  serial: string;
  /** The secret of /licznik?t=…; show it to the team and the customer only. */
  readingToken: string | null;
  /** The rates in force today (the first ones before the contract starts). */
  rates: FrozenRates;
  /** Every rates row, oldest first: the signed prices and each amendment. */
  ratesHistory: RatesRow[];
}

export interface ContractWithDevices extends Contract {
  devices: ContractDevice[];
}

export const asContract = (r: ContractRow): Contract => ({
  id: r.id,
  number: r.number,
  company: r.company,
  nip: r.nip,
  billingEmail: r.billing_email,
  startDate: r.start_date,
  endDate: contractEndOf(r.start_date, r.term_months),
  termMonths: r.term_months,
  catalogueVersion: r.catalogue_version,
  origin: r.origin,
  companyAddress: r.company_address ?? null,
  buyerJst: r.buyer_jst === 1,
  buyerGv: r.buyer_gv === 1,
  buyerUnit: r.buyer_unit ? (JSON.parse(r.buyer_unit) as BuyerUnit) : null,
  spotColour: r.spot_colour ?? null,
  orderRef: r.order_ref,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

/** The reading link of a device: the page path with its token (prefix the site's origin in an e-mail). */
export const readingLink = (token: string): string => `/licznik?t=${encodeURIComponent(token)}`;

export interface ContractInput {
  /** An empty billing e-mail is stored as none (no reminders until the team adds one). */
  customer: {
    company: string;
    nip: string | null;
    billingEmail: string;
    /** The registered address as the register gives it (the invoices' buyer address). */
    address?: string | null | undefined;
    /** FA(3) JST and GV: a subordinate unit of local government, a member of a VAT group. */
    jst?: boolean | undefined;
    gv?: boolean | undefined;
    unit?: BuyerUnit | null | undefined;
  };
  devices: {
    serial: string;
    deviceId: string;
    level: PackageLevel;
    /** The contact at the device (the registry's columns), when known. */
    phone?: string | null | undefined;
    city?: string | null | undefined;
    /** Prices agreed elsewhere (a quote's); without them, the catalogue's. */
    rates?: Omit<FrozenRates, 'effectiveFrom'>;
  }[];
  /** 'YYYY-MM-DD' */
  startDate: string;
  termMonths: number;
  /** The catalogue live at signing; its `version` is stored with the contract. */
  catalogue: Catalogue;
  createdBy: string;
  origin?: 'team' | 'order';
  orderRef?: string | null;
  /** How single- and two-colour pages count, as signed; none: the contract does not say. */
  spotColour?: SpotColour | null;
}

export interface ContractStatements {
  id: string;
  statements: D1PreparedStatement[];
  devices: { serial: string; readingToken: string }[];
}

/** The rates a device signs with: its own, else the catalogue's package. */
export function frozenRatesOf(input: ContractInput, d: ContractInput['devices'][number]): FrozenRates | undefined {
  if (d.rates) return { ...d.rates, effectiveFrom: input.startDate };
  const device = findDevice(input.catalogue, d.deviceId);
  const pkg = device ? findPackage(device, d.level) : undefined;
  if (!device || !pkg) return undefined;
  return {
    effectiveFrom: input.startDate,
    catalogueVersion: input.catalogue.version,
    deviceId: device.id,
    deviceName: device.name,
    deviceType: device.type,
    level: pkg.level,
    monthlyPrice: pkg.monthlyPrice,
    monthlyLimit: pkg.monthlyLimit,
    colorLimit: device.type === 'color' ? (pkg.colorLimit ?? 0) : null,
    overageMono: pkg.overage.mono,
    overageColor: device.type === 'color' ? (pkg.overage.color ?? 0) : null,
  };
}

/**
 * The statements that sign a contract, to run in one batch (with the caller's own, e.g.
 * an order's status): the contract with the next number of its start year, each device
 * with a new reading token, and each device's frozen rates.
 */
export function contractStatements(
  db: D1Database,
  input: ContractInput,
): ContractStatements | { error: 'unknown-device'; serial: string } {
  const id = crypto.randomUUID();
  const year = Number(input.startDate.slice(0, 4));
  const billingEmail = input.customer.billingEmail.trim().toLowerCase() || null;
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months,
           catalogue_version, origin, order_ref, created_by, company_address, buyer_jst, buyer_gv, buyer_unit, spot_colour)
         SELECT ?1, printf('UM-%04d-%06d', ?2, n), ?2, n, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16
         FROM (SELECT coalesce(max(seq), 0) + 1 AS n FROM contracts WHERE year = ?2)`,
      )
      .bind(
        id,
        year,
        input.customer.company,
        input.customer.nip,
        billingEmail,
        input.startDate,
        input.termMonths,
        input.catalogue.version,
        input.origin ?? 'team',
        input.orderRef ?? null,
        input.createdBy,
        input.customer.address?.trim() || null,
        input.customer.jst ? 1 : 0,
        input.customer.gv ? 1 : 0,
        input.customer.unit ? JSON.stringify(input.customer.unit) : null,
        input.spotColour ?? null,
      ),
  ];
  const devices: ContractStatements['devices'] = [];
  for (const d of input.devices) {
    const rates = frozenRatesOf(input, d);
    if (!rates) return { error: 'unknown-device', serial: d.serial };
    const readingToken = newPageId();
    devices.push({ serial: d.serial, readingToken });
    statements.push(
      contractDeviceStatement(db, {
        contractId: id,
        serial: d.serial,
        deviceId: rates.deviceId,
        level: rates.level,
        startDate: input.startDate,
        termMonths: input.termMonths,
        company: input.customer.company,
        nip: input.customer.nip,
        email: billingEmail,
        phone: d.phone,
        city: d.city,
        readingToken,
      }),
      ratesStatement(db, d.serial, rates, null, input.createdBy),
    );
  }
  return { id, statements, devices };
}

const isUniqueFailure = (error: unknown): boolean => String(error).includes('UNIQUE');

/**
 * Signs a contract in one batch; 'serial-taken' when a device is rented under another
 * contract already. A contract number taken by a concurrent signing is retried.
 */
export async function createContract(
  db: D1Database,
  input: ContractInput,
): Promise<ContractWithDevices | 'serial-taken' | { error: 'unknown-device'; serial: string }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const made = contractStatements(db, input);
    if ('error' in made) return made;
    try {
      await db.batch(made.statements);
    } catch (error) {
      if (!isUniqueFailure(error)) throw error;
      const serials = input.devices.map((d) => d.serial);
      const { results } = await db
        .prepare('SELECT 1 FROM devices WHERE serial IN (SELECT value FROM json_each(?1)) LIMIT 1')
        .bind(JSON.stringify(serials))
        .all();
      if (results.length > 0) return 'serial-taken';
      continue;
    }
    const contract = await contractById(db, made.id);
    if (!contract) throw new Error('createContract: the contract is not in D1');
    return { ...contract, devices: await contractDevices(db, made.id) };
  }
  throw new Error('createContract: no free contract number after 3 attempts');
}

export async function contractById(db: D1Database, id: string): Promise<Contract | null> {
  const row = await db.prepare('SELECT * FROM contracts WHERE id = ?').bind(id).first<ContractRow>();
  return row ? asContract(row) : null;
}

export async function contractByNumber(db: D1Database, number: string): Promise<Contract | null> {
  const row = await db.prepare('SELECT * FROM contracts WHERE number = ?').bind(number).first<ContractRow>();
  return row ? asContract(row) : null;
}

function withRates(devices: DeviceRow[], rates: RatesRow[], today: string): ContractDevice[] {
  return devices.flatMap((d) => {
    const history = rates.filter((r) => r.device_row === d.id);
    const frozen = history.map(asFrozenRates);
    const now = ratesIn(frozen, today) ?? frozen[0];
    if (!now) return [];
    return [{ deviceRow: d.id, serial: d.serial, readingToken: d.reading_token, rates: now, ratesHistory: history }];
  });
}

/** The devices of a contract with their reading tokens and the rates in force on `today`. */
export async function contractDevices(
  db: D1Database,
  contractId: string,
  today = warsawToday(),
): Promise<ContractDevice[]> {
  const devices = await devicesOfContract(db, contractId);
  const ids = devices.map((d) => d.id);
  return withRates(devices, await ratesOfDevices(db, ids), today);
}

/** The devices of several contracts with their rates in force on `today`, by contract id. */
export async function devicesOfContractsWithRates(
  db: D1Database,
  contractIds: readonly string[],
  today = warsawToday(),
): Promise<Map<string, ContractDevice[]>> {
  const devices = await devicesOfContracts(db, contractIds);
  const ids = devices.map((d) => d.id);
  const rates = await ratesOfDevices(db, ids);
  const ratesOf = groupBy(rates, (r) => r.device_row);
  const byContract = new Map<string, ContractDevice[]>();
  for (const [contractId, own] of groupBy(devices, (d) => d.contract_id ?? ''))
    byContract.set(
      contractId,
      own.flatMap((d) => withRates([d], ratesOf.get(d.id) ?? [], today)),
    );
  return byContract;
}

/** The contract and device of a reading link's token; null for a token nobody has. */
export async function deviceByReadingToken(
  db: D1Database,
  token: string,
  today = warsawToday(),
): Promise<{ contract: Contract; device: ContractDevice } | null> {
  const row = await deviceByToken(db, token);
  if (!row?.contract_id) return null;
  const contract = await contractById(db, row.contract_id);
  const [device] = withRates([row], await ratesOfDevices(db, [row.id]), today);
  return contract && device ? { contract, device } : null;
}

/** What the counter's rules need to know of a contract's device. */
export const readingDeviceOf = (contract: Contract, device: ContractDevice): ReadingDevice => ({
  deviceRow: device.deviceRow,
  context: {
    deviceType: device.rates.deviceType,
    contractStart: contract.startDate,
    contractEnd: contract.endDate,
    // The usual month while the counter has no month of history: the package's pages, mono and colour.
    allowance: device.rates.monthlyLimit + (device.rates.colorLimit ?? 0),
  },
});

/** Records a reading of a contract's device under the counter's rules (readings.ts `recordReading`). */
export function recordContractReading(
  db: D1Database,
  contract: Contract,
  device: ContractDevice,
  reading: Omit<ReadingToRecord, 'today'> & { today?: string },
): Promise<RecordResult> {
  return recordReading(db, readingDeviceOf(contract, device), { ...reading, today: reading.today ?? warsawToday() });
}

/** Where a batch of contracts starts: after the contract with this number (by number). */
export type ContractKey = [number: string];

export const contractKey = (c: Contract): ContractKey => [c.number];

/** Contracts by number, `limit + 1` of them after `after`: a keyset page of the list or a batch of an export. */
export async function contractsPage(
  db: D1Database,
  { limit = 100, after }: { limit?: number; after?: ContractKey | undefined } = {},
): Promise<Contract[]> {
  const { results } = await db
    .prepare(`SELECT * FROM contracts ${after ? 'WHERE number > ?2 ' : ''}ORDER BY number LIMIT ?1`)
    .bind(limit + 1, ...(after ?? []))
    .all<ContractRow>();
  return results.map(asContract);
}

/** Rows grouped by a key, each group in the rows' order: one pass, not one filter per group. */
export function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(keyOf(row));
    if (group) group.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return groups;
}
