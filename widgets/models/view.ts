/**
 * What `<kserowo-models>` shows, as plain functions: the filters (type and format,
 * combinable), their counts, the order (popular or lowest price), the limit, and the
 * view's form in a shareable URL (`?type=color&format=A4&order=price&compare=km-c258,km-4052`).
 */
import type { Catalogue, Device, DeviceType, PaperFormat } from '../core/model.ts';
import { modelsByPrice, popularOrder } from '../core/pricing.ts';

export type TypeFilter = 'all' | DeviceType;
export type FormatFilter = 'all' | PaperFormat;
export type Order = 'popular' | 'price';

export interface View {
  type: TypeFilter;
  format: FormatFilter;
  order: Order;
  /** Ids of the models chosen for comparison, in the order they were chosen. */
  compare: string[];
}

/** Two or three models side by side. */
export const MAX_COMPARE = 3;

export const asOrder = (value: unknown): Order => (value === 'price' ? 'price' : 'popular');

const asType = (value: string | null): TypeFilter | undefined =>
  value === 'mono' || value === 'color' ? value : undefined;

const asFormat = (value: string | null): FormatFilter | undefined => {
  const v = value?.toUpperCase();
  return v === 'A3' || v === 'A4' ? v : undefined;
};

export const matches = (d: Device, type: TypeFilter, format: FormatFilter): boolean =>
  (type === 'all' || d.type === type) && (format === 'all' || d.format === format);

/** How many devices an option would show, with the other group as it is now. */
export function counts(catalogue: Catalogue, view: Pick<View, 'type' | 'format'>) {
  const n = (type: TypeFilter, format: FormatFilter) =>
    catalogue.devices.filter((d) => matches(d, type, format)).length;
  return {
    type: { all: n('all', view.format), mono: n('mono', view.format), color: n('color', view.format) },
    format: { all: n(view.type, 'all'), A4: n(view.type, 'A4'), A3: n(view.type, 'A3') },
  };
}

/** The devices to show: filtered, in the chosen order, at most `limit` of them. */
export function visibleModels(
  catalogue: Catalogue,
  view: Pick<View, 'type' | 'format' | 'order'>,
  limit?: number,
): Device[] {
  const ordered = view.order === 'price' ? modelsByPrice(catalogue) : popularOrder(catalogue);
  const shown = ordered.filter((d) => matches(d, view.type, view.format));
  return limit !== undefined && limit > 0 ? shown.slice(0, Math.floor(limit)) : shown;
}

/** The parts of a view a URL's query states; anything unknown is ignored. */
export function viewFromSearch(search: string): Partial<View> {
  const q = new URLSearchParams(search);
  const view: Partial<View> = {};
  const type = asType(q.get('type'));
  const format = asFormat(q.get('format'));
  const order = q.get('order');
  const compare = q
    .get('compare')
    ?.split(',')
    .filter((id) => /^[\w-]{1,40}$/.test(id));
  if (type) view.type = type;
  if (format) view.format = format;
  if (order === 'price' || order === 'popular') view.order = order;
  if (compare?.length) view.compare = [...new Set(compare)].slice(0, MAX_COMPARE);
  return view;
}

/**
 * The query with the view written in (defaults left out, so the default view is the
 * clean URL) and every other parameter kept.
 */
export function searchWithView(search: string, view: View, defaultOrder: Order): string {
  const q = new URLSearchParams(search);
  const put = (key: string, value: string | false) => (value ? q.set(key, value) : q.delete(key));
  put('type', view.type !== 'all' && view.type);
  put('format', view.format !== 'all' && view.format);
  put('order', view.order !== defaultOrder && view.order);
  put('compare', view.compare.length > 0 && view.compare.join(','));
  // Commas may stay as they are in a query, and read better in a shared link.
  const text = q.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}
