/**
 * Who answers within the first-answer promise (terms.ts `FIRST_ANSWER_HOURS`): per week,
 * month, person and source, from the stored first-response stamps of a bounded date range.
 * A lead counts as answered within the promise when its first response came within that
 * many business hours (business-hours.ts); as late when it came later, or when it is still
 * unanswered past its deadline. The share is within / (within + late).
 */
import type { ResponseFigures } from '../../widgets/core/admin/admin-api.ts';
import { businessHoursBetween } from '../../widgets/core/business-hours.ts';
import { firstAnswerDeadline } from '../../widgets/core/admin/pipeline.ts';
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import type { ResponseRow } from '../models/lead-ownership.ts';

interface Bucket {
  leads: number;
  answered: number;
  within: number;
  late: number;
  hours: number[];
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** A lead's source as the stats group it: the partner, else utm_source, else '(bezpośrednio)'. */
export const sourceOf = (row: ResponseRow): string => {
  try {
    const a = JSON.parse(row.attribution) as Record<string, unknown>;
    if (typeof a.partner === 'string' && a.partner) return `partner: ${a.partner}`;
    if (typeof a.utm_source === 'string' && a.utm_source) return a.utm_source;
  } catch {}
  return '(bezpośrednio)';
};

/** Monday (RRRR-MM-DD) of the week of an instant, by UTC date: a lead's week in the stats. */
export const weekOf = (iso: string): string => {
  const d = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

/** Per-bucket figures: the share within the promise among leads answered or already late. */
export function summarise(
  rows: ResponseRow[],
  keyOf: (r: ResponseRow) => string,
  now: Date,
  promise = FIRST_ANSWER_HOURS,
): ResponseFigures[] {
  const buckets = new Map<string, Bucket>();
  for (const row of rows) {
    const key = keyOf(row);
    const b = buckets.get(key) ?? { leads: 0, answered: 0, within: 0, late: 0, hours: [] };
    buckets.set(key, b);
    b.leads++;
    const created = new Date(row.created_at);
    if (row.first_response_at) {
      const hours = row.response_hours ?? businessHoursBetween(created, new Date(row.first_response_at));
      b.answered++;
      b.hours.push(hours);
      if (hours <= promise) b.within++;
      else b.late++;
    } else {
      // The stored deadline, or the promise counted from arrival: a few days at most, never up to now.
      const due = row.first_answer_due_at ? new Date(row.first_answer_due_at) : firstAnswerDeadline(created, promise);
      if (now > due) b.late++;
    }
  }
  return [...buckets].map(([key, b]) => ({
    key,
    leads: b.leads,
    answered: b.answered,
    withinTarget: b.within,
    share: b.within + b.late ? b.within / (b.within + b.late) : null,
    medianHours: median(b.hours),
  }));
}

/** The default range of the stats: the last 12 weeks up to today. */
export function defaultRange(now: Date): { from: string; to: string } {
  const from = new Date(now.getTime() - 12 * 7 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}
