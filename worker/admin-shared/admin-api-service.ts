/**
 * The admin API's answers about service: devices, counter readings, billing and
 * tickets. Import them from admin-api.ts, their one home.
 */
import type { PackageLevel } from '../../widgets/core/model.ts';

/**
 * A registered device as stored (migration 0020). The device API answers the row itself, so
 * its fields keep the table's snake_case names; worker/contracts/model-devices.ts reads rows as this.
 */
export interface DeviceRecord {
  id: number;
  serial: string;
  device_id: string;
  level: PackageLevel;
  contract_start: string | null;
  term_months: number | null;
  company: string;
  nip: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  created_at: string;
  updated_at: string;
  /** The contract the device is rented under (every device has one since contracts exist). */
  contract_id: string | null;
  /** The secret of the device's reading link /licznik?t=…; shown to the team, never in a public answer. */
  reading_token: string | null;
}

/** A device with its last counter reading (none yet: nulls). */
export interface DeviceWithReading extends DeviceRecord {
  last_read_on: string | null;
  last_mono: number | null;
  last_color: number | null;
}

/** A device as `GET /api/admin/devices` lists it: with its last reading and its catalogue name. */
export interface DeviceListed extends DeviceWithReading {
  device_name: string;
}

/** `GET /api/admin/devices`: every device, and the models to choose from. */
/**
 * A keyset page of an admin list: its size, and the `after` of the next page, or null when
 * this page is the last (a list never stops short without saying so).
 */
export interface ListPage {
  limit: number;
  next: string | null;
}

export interface DeviceList extends ListPage {
  devices: DeviceListed[];
  models: { id: string; name: string; type: 'mono' | 'color' }[];
}

/** `GET /api/admin/readings`: one counter reading. */
export interface ReadingListed {
  id: number;
  serial: string;
  company: string;
  readOn: string;
  mono: number;
  color: number | null;
  note: string | null;
  sentBy: string;
  reset: boolean;
  createdAt: string;
  /** 'link' (the device's reading link), 'portal', 'team', 'form' (a serial alone, before contracts). */
  source: string;
  /** This row corrects reading `supersedes` (its `reason` says why). */
  supersedes: number | null;
  reason: string | null;
  /** This correction withdraws the reading it supersedes. */
  withdrawn: boolean;
  /**
   * A customer confirmed this implausible reading: it counts nowhere until the desk corrects
   * it (the same counters accept it) or withdraws it.
   */
  held: boolean;
  /** Set when a later row corrects this one: the panel strikes it through. */
  correctedBy: { id: number; by: string; at: string } | null;
}

/** A device's prices under its contract from `effectiveFrom` on (a `contract_rates` row). */
export interface FrozenRates {
  effectiveFrom: string;
  /** The catalogue version the figures came from; null for an amendment typed by the team. */
  catalogueVersion: number | null;
  deviceId: string;
  deviceName: string;
  deviceType: 'mono' | 'color';
  level: PackageLevel;
  monthlyPrice: number;
  monthlyLimit: number;
  colorLimit: number | null;
  overageMono: number;
  overageColor: number | null;
}

export interface BillLine {
  serial: string;
  device: string;
  level: PackageLevel;
  /** The catalogue version the rates came from (null: an amendment). */
  catalogueVersion: number | null;
  hasReading: boolean;
  /**
   * The months ('YYYY-MM') the line's pages span and whose allowance they met: the billed
   * month, and the months before it that had no reading (none when this month has none).
   */
  months: string[];
  /** The counters the pages run between: the reading counted from (null: the month's first) and the month's last; null without a reading. */
  counters: {
    from: { readOn: string; mono: number; color: number | null } | null;
    to: { readOn: string; mono: number; color: number | null };
    /** A counter was replaced in between (the pages are summed across it). */
    reset: boolean;
  } | null;
  usedMono: number;
  usedColor: number;
  includedMono: number;
  includedColor: number;
  overMono: number;
  overColor: number;
  rateMono: number;
  rateColor: number;
  /** The monthly fee of the rates in force. */
  monthlyFee: number;
  /** The fee of the days billed: the monthly fee, or pro rata by days in a first or last month. */
  fee: number;
  amountMono: number;
  amountColor: number;
  /** fee + overage, net. */
  net: number;
}

export interface Bill {
  contract: string;
  company: string;
  nip: string | null;
  /** 'YYYY-MM' */
  period: string;
  /** The days of the month the contract runs ('YYYY-MM-DD'): the whole month, or from its start / to its last day. */
  from: string;
  to: string;
  /** How many days that is, of the month's `monthDays`: the share of the fee and allowance billed. */
  days: number;
  monthDays: number;
  /** The months the bill covers ('YYYY-MM', oldest first): its period and any month whose pages it bills late. */
  months: string[];
  lines: BillLine[];
  feeNet: number;
  overageNet: number;
  net: number;
  vat: number;
  gross: number;
}

export interface CustomerTotal {
  nip: string | null;
  company: string;
  contracts: string[];
  devices: number;
  feeNet: number;
  overageNet: number;
  net: number;
  vat: number;
  gross: number;
}

/** A contract's own facts, as the worker's model holds them and the panel lists them. */
export interface ContractFacts {
  id: string;
  /** UM-2026-000123 */
  number: string;
  company: string;
  nip: string | null;
  billingEmail: string | null;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** The last day of the contract, 'YYYY-MM-DD'. */
  endDate: string;
  termMonths: number;
  /** The catalogue version its prices were frozen from (0: the built-in catalogue). */
  catalogueVersion: number;
  origin: 'team' | 'order' | 'migration';
  /** The buyer's registered address, one line as registered (the invoices' buyer address). */
  companyAddress: string | null;
  /** FA(3): the buyer is a subordinate unit of local government (JST) / a member of a VAT group (GV). */
  buyerJst: boolean;
  buyerGv: boolean;
  /** With JST or GV: the unit that receives the invoice (FA(3) Podmiot3, role 8 or 10); the buyer is the JST or the group. */
  buyerUnit: BuyerUnit | null;
  /** How a colour device's single- and two-colour pages count (widgets/core/terms.ts SPOT_COLOUR_COUNTING); null: the contract does not say, they are not billed. */
  spotColour: 'colour' | 'mono' | null;
}

/** The subordinate unit of a JST or the member of a VAT group an invoice names as Podmiot3. */
export interface BuyerUnit {
  name: string;
  /** Ten digits. */
  nip: string;
  address: string | null;
}

/** A contract as `GET /api/admin/contracts` lists it. */
export interface ContractListed extends ContractFacts {
  devices: {
    serial: string;
    /** The device's reading link (the team may send it to the customer again). */
    readingLink: string | null;
    /** The rates in force today. */
    rates: FrozenRates;
    /** The signed rates and each amendment, oldest first. */
    ratesHistory: {
      effectiveFrom: string;
      monthlyPrice: number;
      monthlyLimit: number;
      colorLimit: number | null;
      overageMono: number;
      overageColor: number | null;
      catalogueVersion: number | null;
      reason: string | null;
      createdBy: string;
      createdAt: string;
    }[];
  }[];
  /** The reading reminders sent, newest month first, with their e-mail's state. */
  reminders: { period: string; sentAt: string; state: string | null }[];
}

/** `GET /api/admin/contracts`. */
export interface ContractList extends ListPage {
  contracts: ContractListed[];
}

/** `GET /api/admin/readings/billing?period=…&format=json`: the month's bill of every contract, and per customer. */
export interface Billing {
  period: string;
  bills: Bill[];
  customers: CustomerTotal[];
}

/** `GET /api/admin/readings`. */
export interface ReadingList extends ListPage {
  readings: ReadingListed[];
}

/** A device under contract in the month with no reading of it: its pages go to a later invoice. */
export interface MissingReading {
  serial: string;
  deviceName: string;
  contractId: string;
  contract: string;
  company: string;
  /** Its last accepted reading before the month, if any. */
  lastReadOn: string | null;
  /** A reading of the month waits for the desk ('Odczyty', 'Tylko do sprawdzenia'): accepted, it counts. */
  heldInMonth: boolean;
  /** The device's reading link, the way out (owner and service only; null for the others). */
  readingLink: string | null;
}

/** `GET /api/admin/readings/missing?period=YYYY-MM`: the list before the month's invoices. */
export interface MissingReadings {
  period: string;
  devices: MissingReading[];
  /** More devices than the first 500 listed. */
  more: boolean;
}

/** `POST /api/admin/collectors` (owner): the site's collector and its enrolment code, shown this once. */
export interface CollectorCreated {
  id: string;
  code: string;
  expiresAt: string;
}

/** One collector site in `GET /api/admin/collectors`: its state as the panel's 'Urządzenia' shows it. */
export interface CollectorListed {
  id: string;
  contractId: string;
  contract: string;
  company: string;
  createdAt: string;
  enrolledAt: string | null;
  lastPushAt: string | null;
  lastReportAt: string | null;
  /** Devices of the contract it reported. */
  devices: number;
  /** The failed polls of its last push (`timeout`, `auth`, `error`). */
  failures: { host: string; at: string; reason: string }[];
  /** Serials it reported that are not on the contract: listed for the team, never billed. */
  unknownSerials: string[];
  /** Devices without a report for 3 days (their customer was e-mailed once), since when they are listed. */
  fallenOff: { serial: string; since: string }[];
}

/** `GET /api/admin/collectors`. */
export interface CollectorList {
  collectors: CollectorListed[];
}
