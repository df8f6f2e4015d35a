/**
 * The offline modes (spec/tryby-offline.md) as they apply to us. Our invoices are issued by the
 * cron or the owner's button; an invoice keeps its issue date (P_1) and its XML whatever
 * happens to the sending. When KSeF does not answer, the invoice waits as 'offline' and is
 * sent when KSeF is back, with `offlineMode: true` whenever it reaches KSeF on a later day
 * than its issue date (KSeF would mark it offline by that comparison anyway). The time limit:
 *  - offline24 (our choice, any time): by the next business day after the issue date — the
 *    `send_by` day we keep and watch;
 *  - KSeF's announced unavailability: by the next business day after it ends; an announced
 *    failure: within 7 business days after it ends (announcements come from the Ministry's BIP,
 *    not from the API: the owner extends nothing by hand, the sender keeps trying and logs a
 *    row past `send_by`);
 *  - a total failure announced in the media: no duty to send at all.
 * KOD II (the issuer's certificate code) belongs on the copy of an offline invoice handed to the
 * buyer before KSeF has it; the customer's e-mail and copy wait for KSeF's acceptance (the
 * KSeF number under KOD I), so we never hand over an invoice that would need it (docs/ksef.md).
 */
import { isWorkingDay, type LocalDate, type WorkingHours } from '../../admin-shared/business-hours.ts';

/** Business days in the VAT act's sense: Monday to Friday, Polish public holidays off. */
const BUSINESS_DAYS: WorkingHours = {
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  opens: '00:00',
  closes: '24:00',
};

const toLocal = (day: string): LocalDate => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month, day: date };
};

const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The `count`-th business day after `day` (YYYY-MM-DD). */
export function businessDaysAfter(day: string, count: number): string {
  let at = day;
  for (let left = count; left > 0; ) {
    at = nextDay(at);
    if (isWorkingDay(toLocal(at), BUSINESS_DAYS)) left--;
  }
  return at;
}

/** offline24: the last day to send an invoice issued on `issueDate`. */
export const offlineDeadline = (issueDate: string): string => businessDaysAfter(issueDate, 1);

/** After an announced KSeF failure that ended on `endDay`: the last day to send. */
export const failureDeadline = (endDay: string): string => businessDaysAfter(endDay, 7);
