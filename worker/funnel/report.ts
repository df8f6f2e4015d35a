/**
 * "Od kliknięcia do przelewu": the query's checks, the rows with their conversion and median
 * days from lead to signed, and the CSV for the accountant and the marketing team.
 */
import {
  FUNNEL_BYS,
  FUNNEL_BY_LABELS,
  FUNNEL_ERRORS,
  FUNNEL_MAX_DAYS,
  type FunnelBy,
  type FunnelReport,
  type FunnelRow,
} from '../admin-shared/admin-api-funnel.ts';
import { csvDecimal, csvMoney } from '../../widgets/core/format.ts';
import { toCsv } from '../http/csv.ts';
import { countedFunnel } from './model.ts';

export interface FunnelQuery {
  from: string;
  to: string;
  by: FunnelBy;
}

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
const isDay = (text: string | undefined): text is string =>
  text !== undefined &&
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
  new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

const DAY_MS = 86_400_000;

/** The query of `GET /api/admin/stats/funnel`, or the Polish refusal and its field. */
export function funnelQueryOf(
  query: Record<string, string | undefined>,
): FunnelQuery | { error: string; field: string } {
  const { from, to, by = 'partner' } = query;
  if (!isDay(from)) return { error: FUNNEL_ERRORS.date, field: 'from' };
  if (!isDay(to)) return { error: FUNNEL_ERRORS.date, field: 'to' };
  if (from > to) return { error: FUNNEL_ERRORS.order, field: 'from' };
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > FUNNEL_MAX_DAYS)
    return { error: FUNNEL_ERRORS.range, field: 'to' };
  if (!(FUNNEL_BYS as readonly string[]).includes(by)) return { error: FUNNEL_ERRORS.by, field: 'by' };
  return { from, to, by: by as FunnelBy };
}

/** The median of a histogram `[value, count][]` in ascending values; null when empty. */
export function medianOf(histogram: [number, number][]): number | null {
  const total = histogram.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const at = (position: number) => {
    let seen = 0;
    for (const [value, n] of histogram) {
      seen += n;
      if (position < seen) return value;
    }
    return histogram.at(-1)?.[0] ?? 0;
  };
  return (at(Math.floor((total - 1) / 2)) + at(Math.floor(total / 2))) / 2;
}

/** `part` ÷ `whole`, to four places; null when `whole` is 0. */
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

type Counted = Omit<FunnelRow, 'conversion' | 'medianDaysToSigned'>;

function rowOf(c: Counted, histogram: [number, number][]): FunnelRow {
  return {
    key: c.key,
    leads: c.leads,
    quotes: c.quotes,
    orders: c.orders,
    verified: c.verified,
    installed: c.installed,
    contractValue: c.contractValue,
    invoicedNet: c.invoicedNet,
    paid: c.paid,
    conversion: {
      quotes: share(c.quotes, c.leads),
      orders: share(c.orders, c.quotes),
      verified: share(c.verified, c.orders),
      installed: share(c.installed, c.verified),
    },
    medianDaysToSigned: medianOf(histogram),
  };
}

const FIGURES = ['leads', 'quotes', 'orders', 'verified', 'installed', 'contractValue', 'invoicedNet', 'paid'] as const;

/** The report for `q`, from the counters (worker/funnel/model.ts). */
export async function funnelReport(db: D1Database, q: FunnelQuery): Promise<FunnelReport> {
  const counted = await countedFunnel(db, q.by, q.from, q.to);
  const total: Counted = {
    key: 'Razem',
    leads: 0,
    quotes: 0,
    orders: 0,
    verified: 0,
    installed: 0,
    contractValue: 0,
    invoicedNet: 0,
    paid: 0,
  };
  const allDays = new Map<number, number>();
  for (const row of counted.rows) for (const f of FIGURES) total[f] += row[f];
  for (const histogram of counted.signedDays.values())
    for (const [days, n] of histogram) allDays.set(days, (allDays.get(days) ?? 0) + n);
  return {
    from: q.from,
    to: q.to,
    by: q.by,
    rows: counted.rows.map((r) => rowOf(r, counted.signedDays.get(r.key) ?? [])),
    total: rowOf(
      total,
      [...allDays].sort((a, b) => a[0] - b[0]),
    ),
  };
}

const percent = (ratio: number | null) => (ratio === null ? '' : csvDecimal(ratio * 100, 1));

/** The report as a `;`-separated Polish CSV (worker/http/csv.ts), money in złoty with a decimal comma. */
export function funnelCsv(report: FunnelReport): string {
  const header = [
    FUNNEL_BY_LABELS[report.by],
    'Leady',
    'Wyceny',
    'Zamówienia podpisane',
    'Zweryfikowane',
    'Zainstalowane',
    'Wartość umów miesięcznie netto (zł)',
    'Zafakturowano netto (zł)',
    'Wpłacono (zł)',
    'Wycena z leada (%)',
    'Zamówienie z wyceny (%)',
    'Weryfikacja zamówienia (%)',
    'Instalacja po weryfikacji (%)',
    'Mediana dni od leada do podpisu',
  ];
  const line = (r: FunnelRow) => [
    r.key,
    r.leads,
    r.quotes,
    r.orders,
    r.verified,
    r.installed,
    csvMoney(r.contractValue / 100),
    csvMoney(r.invoicedNet / 100),
    csvMoney(r.paid / 100),
    percent(r.conversion.quotes),
    percent(r.conversion.orders),
    percent(r.conversion.verified),
    percent(r.conversion.installed),
    r.medianDaysToSigned === null ? '' : csvDecimal(r.medianDaysToSigned),
  ];
  return toCsv(header, [...report.rows.map(line), line(report.total)]);
}
