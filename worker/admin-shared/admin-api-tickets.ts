/** The admin API's service tickets: the list, a ticket with its history, the month's SLA report. */
import type { TicketStatus } from '../../widgets/core/service-validation.ts';
import type { ListPage } from './admin-api-service.ts';

/** A service ticket as the panel shows it: the SLA clock in business minutes, negative when overdue. */
export interface TicketView {
  id: string;
  number: string;
  status: TicketStatus;
  serial: string;
  knownDevice: boolean;
  level: string | null;
  slaHours: number;
  category: string;
  errorCode: string | null;
  description: string;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  nip: string | null;
  contactWhen: string | null;
  marketingConsent: boolean;
  createdAt: string;
  dueAt: string;
  firstResponseAt: string | null;
  closedAt: string | null;
  /** Absent once answered. */
  minutesLeft?: number | undefined;
  overdue: boolean;
}

/** `GET /api/admin/tickets/:id`: the ticket with its history. */
export interface TicketDetail {
  ticket: TicketView;
  events: { status: TicketStatus; note: string | null; actor: string; createdAt: string }[];
  /**
   * Corrections of the device attached to the ticket, oldest first (the old serial struck through in the panel),
   * each with the promise and the deadline before and after it (null on changes recorded before they were kept).
   */
  deviceChanges: {
    fromSerial: string;
    toSerial: string;
    reason: string;
    actor: string;
    createdAt: string;
    fromSlaHours: number | null;
    toSlaHours: number | null;
    fromDueAt: string | null;
    toDueAt: string | null;
  }[];
  /** The devices registered under the ticket's NIP (for the team to name the one reported), at most 50. */
  companyDevices: { serial: string; deviceName: string; level: string }[];
}

/** `GET /api/admin/tickets/stats`: one month of reports. */
export interface SlaMonth {
  /** 'YYYY-MM' of the report (UTC). */
  month: string;
  tickets: number;
  /** First response at or before the deadline. */
  withinPromise: number;
  /** First response after the deadline, or none and the deadline passed. */
  late: number;
  /** No response yet, deadline still ahead. */
  pending: number;
  /** withinPromise / (withinPromise + late), percent with one decimal; null with nothing decided. */
  sharePercent: number | null;
}

/** `GET /api/admin/tickets`. */
export interface TicketList extends ListPage {
  tickets: TicketView[];
}

/** `GET /api/admin/tickets/stats`. */
export interface SlaReport {
  months: SlaMonth[];
}
