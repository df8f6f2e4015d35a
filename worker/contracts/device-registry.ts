/**
 * The device registry's rules: a device added by hand signs a one-device contract at the live
 * catalogue's prices; the registry may change a device's contact data but never what its
 * contract fixed (model, package, contract dates); the CSV import and export share one
 * layout of columns, the model named by its id, model or full name.
 */
import { CONTRACT_TERMS_MONTHS } from '../../widgets/core/terms.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { LEVEL_NAMES, type Catalogue, findDevice } from '../../widgets/core/model.ts';
import { type DeviceInput, SERVICE_ERRORS, deviceSchema } from '../../widgets/core/service-validation.ts';
import { check } from '../../widgets/core/validation.ts';
import type { DeviceRow, DeviceWithReading } from './model-devices.ts';

/** The columns of the export and the import, in order. */
export const DEVICE_CSV_COLUMNS = [
  'numer_seryjny',
  'urzadzenie',
  'pakiet',
  'poczatek_umowy',
  'okres_miesiecy',
  'firma',
  'nip',
  'email',
  'telefon',
  'miejscowosc',
] as const;

/** The export's columns: the import's, then the last reading. */
export const DEVICE_EXPORT_COLUMNS = [...DEVICE_CSV_COLUMNS, 'ostatni_odczyt', 'licznik_mono', 'licznik_kolor'];

/** The catalogue device named by its id, its model or its full name (as a CSV may write it). */
function resolveModel(catalogue: Catalogue, text: string): string | undefined {
  const t = text.trim().toLowerCase();
  return catalogue.devices.find(
    (d) => d.id.toLowerCase() === t || d.model.toLowerCase() === t || d.name.toLowerCase() === t,
  )?.id;
}

export function checkDevice(
  catalogue: Catalogue,
  body: unknown,
): { ok: true; data: DeviceInput } | { ok: false; error: string } {
  const parsed = check(deviceSchema, body);
  if (!parsed.ok) return parsed;
  const id = resolveModel(catalogue, parsed.data.deviceId);
  if (!id) return { ok: false, error: SERVICE_ERRORS.deviceModel };
  return { ok: true, data: { ...parsed.data, deviceId: id } };
}

/** The contract a new device signs: one device, the live catalogue's prices, today or the given start. */
export const contractFor = (catalogue: Catalogue, d: DeviceInput, createdBy: string) => ({
  customer: { company: d.company ?? '', nip: d.nip ?? null, billingEmail: d.email ?? '' },
  devices: [{ serial: d.serial, deviceId: d.deviceId, level: d.level, phone: d.phone, city: d.city }],
  startDate: d.contractStart ?? warsawToday(),
  termMonths: d.termMonths ?? CONTRACT_TERMS_MONTHS[0],
  catalogue,
  createdBy,
  spotColour: d.spotColour ?? null,
});

/** A change the registry may not make to a contract's device: its model, package or contract dates. */
export const changesContract = (row: DeviceRow, d: DeviceInput): boolean =>
  !!row.contract_id &&
  (row.device_id !== d.deviceId ||
    row.level !== d.level ||
    (d.contractStart !== undefined && row.contract_start !== d.contractStart) ||
    (d.termMonths !== undefined && row.term_months !== d.termMonths));

/** A device as an import row names it (`cell` reads a column by its name; undefined when the file has no such column). */
export const deviceOfCsvRow = (cell: (name: (typeof DEVICE_CSV_COLUMNS)[number]) => string | undefined) => ({
  serial: cell('numer_seryjny'),
  deviceId: cell('urzadzenie') ?? '',
  level: (cell('pakiet') ?? '').trim().toLowerCase(),
  contractStart: cell('poczatek_umowy'),
  termMonths: cell('okres_miesiecy'),
  company: cell('firma'),
  nip: cell('nip'),
  email: cell('email'),
  phone: cell('telefon'),
  city: cell('miejscowosc'),
});

/** One row of the export, in `DEVICE_EXPORT_COLUMNS` order. */
export const deviceExportRow = (d: DeviceWithReading, catalogue: Catalogue): unknown[] => [
  d.serial,
  findDevice(catalogue, d.device_id)?.model ?? d.device_id,
  LEVEL_NAMES[d.level],
  d.contract_start,
  d.term_months,
  d.company,
  d.nip,
  d.email,
  d.phone,
  d.city,
  d.last_read_on,
  d.last_mono,
  d.last_color,
];
