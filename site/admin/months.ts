/**
 * The months the panel's forms open on, on the Warsaw calendar whatever the browser's zone:
 * at 00:30 on 1 December in Warsaw it is December, even where the clock still says November.
 */
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { monthBefore } from '../../worker/admin-shared/admin-api-invoices.ts';

/** This month in Warsaw, 'YYYY-MM' (a contract's bill, the billing period, an amendment's first month). */
export const thisMonth = (now = new Date()): string => warsawToday(now).slice(0, 7);

/** Last month in Warsaw, 'YYYY-MM' (the invoices' register opens on it: the month last invoiced). */
export const lastMonth = (now = new Date()): string => monthBefore(thisMonth(now));
