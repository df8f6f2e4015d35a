/**
 * Many contracts signed at once (the registry's import): the rows `contractStatements` writes for
 * one contract, written set-based so that a thousand devices stay one atomic D1 batch.
 */
import { newPageId } from '../http/auth.ts';
import { type ContractInput, frozenRatesOf } from './model.ts';

/** The serial of a device `input` names no package for (in its rates or the catalogue), if any. */
export const deviceWithoutRates = (input: ContractInput): string | undefined =>
  input.devices.find((d) => !frozenRatesOf(input, d))?.serial;

/** Rows per set-based statement of `contractsStatements` (one bound JSON array each). */
const ROWS_PER_STATEMENT = 250;

const inChunks = <T>(rows: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / ROWS_PER_STATEMENT) }, (_, i) =>
    rows.slice(i * ROWS_PER_STATEMENT, (i + 1) * ROWS_PER_STATEMENT),
  );

/** SQL: `json_extract` of each named member of `j.value`, in order. */
const members = (names: readonly string[]) => names.map((n) => `json_extract(j.value, '$.${n}')`).join(', ');

/**
 * The statements that sign many contracts at once (the registry's import), to run in one batch:
 * the same rows as `contractStatements` for each (numbers in the order given, per start year),
 * written set-based, three statements per 250 contracts, so that a thousand devices stay one
 * atomic batch within D1's 1 000 queries per Worker invocation.
 */
export function contractsStatements(
  db: D1Database,
  inputs: readonly ContractInput[],
): { statements: D1PreparedStatement[] } | { error: 'unknown-device'; serial: string } {
  const contracts: Record<string, unknown>[] = [];
  const devices: Record<string, unknown>[] = [];
  const rates: Record<string, unknown>[] = [];
  for (const input of inputs) {
    const id = crypto.randomUUID();
    const billingEmail = input.customer.billingEmail.trim().toLowerCase() || null;
    contracts.push({
      id,
      year: Number(input.startDate.slice(0, 4)),
      company: input.customer.company,
      nip: input.customer.nip,
      billingEmail,
      startDate: input.startDate,
      termMonths: input.termMonths,
      catalogueVersion: input.catalogue.version,
      origin: input.origin ?? 'team',
      orderRef: input.orderRef ?? null,
      createdBy: input.createdBy,
    });
    for (const d of input.devices) {
      const frozen = frozenRatesOf(input, d);
      if (!frozen) return { error: 'unknown-device', serial: d.serial };
      devices.push({
        serial: d.serial,
        deviceId: frozen.deviceId,
        level: frozen.level,
        startDate: input.startDate,
        termMonths: input.termMonths,
        company: input.customer.company,
        nip: input.customer.nip,
        email: billingEmail,
        contractId: id,
        readingToken: newPageId(),
        phone: d.phone ?? null,
        city: d.city ?? null,
      });
      rates.push({ serial: d.serial, ...frozen, reason: null, createdBy: input.createdBy });
    }
  }
  const statements: D1PreparedStatement[] = [];
  // The number continues each start year's series in the order given (the rows a chunk before wrote count).
  for (const chunk of inChunks(contracts))
    statements.push(
      db
        .prepare(
          `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months,
             catalogue_version, origin, order_ref, created_by)
           SELECT id, printf('UM-%04d-%06d', year, seq), year, seq, company, nip, billing_email, start_date, term_months,
             catalogue_version, origin, order_ref, created_by
           FROM (SELECT ${members(['id'])} AS id, ${members(['year'])} AS year,
               (SELECT coalesce(max(seq), 0) FROM contracts WHERE year = json_extract(j.value, '$.year'))
                 + row_number() OVER (PARTITION BY json_extract(j.value, '$.year') ORDER BY j.key) AS seq,
               ${members(['company'])} AS company, ${members(['nip'])} AS nip, ${members(['billingEmail'])} AS billing_email,
               ${members(['startDate'])} AS start_date, ${members(['termMonths'])} AS term_months,
               ${members(['catalogueVersion'])} AS catalogue_version, ${members(['origin'])} AS origin,
               ${members(['orderRef'])} AS order_ref, ${members(['createdBy'])} AS created_by, j.key AS k
             FROM json_each(?1) j)
           ORDER BY k`,
        )
        .bind(JSON.stringify(chunk)),
    );
  for (const chunk of inChunks(devices))
    statements.push(
      db
        .prepare(
          `INSERT INTO devices (serial, device_id, level, contract_start, term_months, company, nip, email, contract_id,
             reading_token, phone, city)
           SELECT ${members(['serial', 'deviceId', 'level', 'startDate', 'termMonths', 'company', 'nip', 'email', 'contractId', 'readingToken', 'phone', 'city'])}
           FROM json_each(?1) j ORDER BY j.key`,
        )
        .bind(JSON.stringify(chunk)),
    );
  for (const chunk of inChunks(rates))
    statements.push(
      db
        .prepare(
          `INSERT INTO contract_rates (device_row, effective_from, catalogue_version, device_id, device_name, device_type,
             level, monthly_price, monthly_limit, color_limit, overage_mono, overage_color, reason, created_by)
           SELECT d.id, ${members(['effectiveFrom', 'catalogueVersion', 'deviceId', 'deviceName', 'deviceType', 'level', 'monthlyPrice', 'monthlyLimit', 'colorLimit', 'overageMono', 'overageColor', 'reason', 'createdBy'])}
           FROM json_each(?1) j JOIN devices d ON d.serial = json_extract(j.value, '$.serial') ORDER BY j.key`,
        )
        .bind(JSON.stringify(chunk)),
    );
  return { statements };
}
