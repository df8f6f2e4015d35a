/**
 * "Od kliknięcia do przelewu" ('Liczby'): what `GET /api/admin/stats/funnel`
 * answers and what it accepts, shared by the worker and the panel.
 */

/** What the report is grouped by: the lead's partner, utm_source, utm_medium, utm_campaign or host page's path. */
export const FUNNEL_BYS = ['partner', 'source', 'medium', 'campaign', 'page'] as const;
export type FunnelBy = (typeof FUNNEL_BYS)[number];

/** How the panel names each grouping. */
export const FUNNEL_BY_LABELS: Record<FunnelBy, string> = {
  partner: 'Partner',
  source: 'Źródło (utm_source)',
  medium: 'Medium (utm_medium)',
  campaign: 'Kampania (utm_campaign)',
  page: 'Strona z widżetem',
};

/** The share of the step before that reached each step (0–1), null when the step before had none. */
export interface FunnelConversion {
  /** Quotes of the leads. */
  quotes: number | null;
  /** Orders signed of the quotes. */
  orders: number | null;
  /** Verified of the orders signed. */
  verified: number | null;
  /** Installed of the verified. */
  installed: number | null;
}

/**
 * One key's figures for the leads of the days asked (each lead counted on its own day, with
 * what it became since): money in grosze, net except `paid`, which is what came in (gross).
 */
export interface FunnelRow {
  key: string;
  leads: number;
  quotes: number;
  orders: number;
  verified: number;
  installed: number;
  /** The contracts' monthly fees net, as signed. */
  contractValue: number;
  /** Net of the invoices issued (their corrections included). */
  invoicedNet: number;
  /** What came in against those invoices (the bank's amounts, gross). */
  paid: number;
  conversion: FunnelConversion;
  /** The median of whole days (Warsaw) from the lead to its order signed; null when none signed. */
  medianDaysToSigned: number | null;
}

export interface FunnelReport {
  from: string;
  to: string;
  by: FunnelBy;
  rows: FunnelRow[];
  /** Every lead of the days asked (each lead is in exactly one row). */
  total: FunnelRow;
}

/** The report's refusals (400 with the field at fault). */
export const FUNNEL_ERRORS = {
  date: 'Nieprawidłowa data (oczekiwano RRRR-MM-DD).',
  order: 'Data „od” nie może być późniejsza niż data „do”.',
  range: 'Raport obejmuje najwyżej 366 dni: zawęź zakres dat.',
  by: 'Raport grupuje się według: partner, source, medium, campaign albo page.',
} as const;

/** The longest range the report reads, in days (both ends included). */
export const FUNNEL_MAX_DAYS = 366;
