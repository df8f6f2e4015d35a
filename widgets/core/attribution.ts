/**
 * Attribution of a lead (DESIGN §2, §4): UTM values from the widget's attributes, then
 * from the page URL, then from the first visit of this tab session (sessionStorage);
 * with the partner id and where the widget is embedded. Travels with every lead.
 */
import type { CommonProps } from './widget-props.ts';

export interface Attribution {
  /** The embedding page's path and query. */
  page: string;
  /** The embedding page's origin. */
  origin: string;
  /** The origin of document.referrer, if any. */
  referrer: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  partner?: string;
}

type UtmKey = 'utm_source' | 'utm_medium' | 'utm_campaign';
const UTM_KEYS: UtmKey[] = ['utm_source', 'utm_medium', 'utm_campaign'];
const FIRST_VISIT_KEY = 'kserowo:first-visit';

function firstVisit(): Partial<Record<UtmKey, string>> {
  try {
    const stored = sessionStorage.getItem(FIRST_VISIT_KEY);
    if (stored) return JSON.parse(stored) as Partial<Record<UtmKey, string>>;
    const params = new URLSearchParams(location.search);
    const utm = Object.fromEntries(UTM_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])));
    sessionStorage.setItem(FIRST_VISIT_KEY, JSON.stringify(utm));
    return utm;
  } catch {
    return {};
  }
}

/** Remembers the UTM values of the first page of the visit (called when a widget loads). */
export function rememberFirstVisit(): void {
  firstVisit();
}

const referrerOrigin = (): string => {
  try {
    return document.referrer ? new URL(document.referrer).origin : '';
  } catch {
    return '';
  }
};

/** The attribution for a lead sent now by a widget with these attributes. */
export function attribution(props: CommonProps): Attribution {
  const params = new URLSearchParams(location.search);
  const first = firstVisit();
  const fromAttribute: Record<UtmKey, string | undefined> = {
    utm_source: props.utmSource,
    utm_medium: props.utmMedium,
    utm_campaign: props.utmCampaign,
  };
  const result: Attribution = {
    page: `${location.pathname}${location.search}`,
    origin: location.origin,
    referrer: referrerOrigin(),
  };
  for (const key of UTM_KEYS) {
    const value = fromAttribute[key] || params.get(key) || first[key];
    if (value) result[key] = value;
  }
  if (props.partner) result.partner = props.partner;
  return result;
}
