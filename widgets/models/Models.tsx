/**
 * `<kserowo-models>`: the model cards (spec §2 item 6, §3, §4): the full list with
 * filters, sort and compare, or the popular few.
 *
 * Attributes, events, parts and custom properties: ./contract.ts (the one declaration).
 *
 * Shadow DOM: no fields for autofill, host CSS kept out, and the site pre-renders it
 * as Declarative Shadow DOM. The first render equals that markup (same catalogue from
 * the page's inline JSON; on a clean URL the same view), so the upgrade shifts nothing.
 * Without JavaScript the type and format filters still work (CSS `:has()`); sort and
 * compare, which need the script, stay invisible (not absent: no shift) until upgraded.
 *
 * URL: replaceState, not pushState. A filter click is not a page: Back should leave the
 * list rather than step through every filter tried, and the URL still always holds the
 * current view, so copying it shares exactly what is on screen.
 */
import { useEffect, useRef, useState } from 'react';
import type { Catalogue, Device, PackageLevel } from '../core/model.ts';
import { LEVEL_NAMES, PACKAGE_LEVELS, findDevice } from '../core/model.ts';
import { useCatalogue } from '../core/catalogue-source.ts';
import { Loading, WidgetBoundary } from '../core/Fallback.tsx';
import { formatNumber, formatPln, formatRate } from '../core/format.ts';
import { cheapestPackage, gross, lowestPrice } from '../core/pricing.ts';
import { PRICING } from '../core/price-labels.ts';
import { FALLBACK } from '../core/texts.ts';
import { configuratorHref } from '../core/links.ts';
import { track } from '../core/analytics.ts';
import type { WidgetHostProps } from '../core/define.ts';
import type { CommonProps } from '../core/widget-props.ts';
import { MODELS } from './copy.ts';
import {
  type FormatFilter,
  type Order,
  type TypeFilter,
  type View,
  MAX_COMPARE,
  asOrder,
  counts,
  searchWithView,
  viewFromSearch,
  visibleModels,
} from './view.ts';

export interface ModelsProps extends WidgetHostProps, CommonProps {
  limit?: number;
  order?: string;
  filters?: boolean;
  configuratorUrl?: string;
  syncUrl?: boolean;
  /** A catalogue to render with (server rendering, previews); otherwise the page's. */
  catalogue?: Catalogue;
}

export function Models(props: ModelsProps) {
  return (
    <WidgetBoundary title={FALLBACK.models} container={props.container}>
      <ModelList {...props} />
    </WidgetBoundary>
  );
}

const typeName = (d: Device): string => (d.type === 'color' ? PRICING.color : PRICING.mono);

function pages(mono: number, color?: number): string {
  const m = `${formatNumber(mono)} ${MODELS.pagesMono}`;
  return color === undefined ? m : `${m} + ${formatNumber(color)} ${MODELS.pagesColor}`;
}

/** The view at the first render: the attributes, and with `sync-url` what the URL states. */
function initialView(props: ModelsProps): View {
  const view: View = { type: 'all', format: 'all', order: asOrder(props.order), compare: [] };
  if (!props.syncUrl || typeof location === 'undefined') return view;
  const fromUrl = viewFromSearch(location.search);
  return props.filters ? { ...view, ...fromUrl } : { ...view, order: fromUrl.order ?? view.order };
}

function ModelList(props: ModelsProps) {
  const { limit, filters, configuratorUrl, syncUrl, apiBase, catalogue: given } = props;
  const catalogue = useCatalogue(apiBase, given);
  const [view, setView] = useState<View>(() => initialView(props));
  const [note, setNote] = useState('');
  const [overMax, setOverMax] = useState(false);
  const [comparing, setComparing] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);

  // A changed `order` attribute resets the order (not on mount: the URL may have set it).
  const orderProp = useRef(props.order);
  useEffect(() => {
    if (orderProp.current === props.order) return;
    orderProp.current = props.order;
    setView((v) => ({ ...v, order: asOrder(props.order) }));
  }, [props.order]);

  // Filters and compare exist only with `filters`; without it the plain list shows.
  const active: View = filters ? view : { ...view, type: 'all', format: 'all', compare: [] };

  useEffect(() => {
    if (!syncUrl) return;
    const search = searchWithView(location.search, active, asOrder(props.order));
    if (search !== location.search)
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [syncUrl, active.type, active.format, active.order, active.compare.join(), props.order]);

  useEffect(() => {
    if (comparing && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [comparing]);

  if (!catalogue) {
    return (
      <div className="k-root models" part="root">
        <Loading />
      </div>
    );
  }

  const shown = visibleModels(catalogue, active, limit);
  const count = counts(catalogue, active);
  const chosen = active.compare.map((id) => findDevice(catalogue, id)).filter((d): d is Device => d !== undefined);

  const filter = (patch: Partial<View>) => {
    const next = { ...view, ...patch };
    setView(next);
    setNote(MODELS.shown(visibleModels(catalogue, next, limit).length, catalogue.devices.length));
  };

  const toggleCompare = (d: Device, input: HTMLInputElement) => {
    if (!input.checked) {
      setOverMax(false);
      setView((v) => ({ ...v, compare: v.compare.filter((id) => id !== d.id) }));
      setNote(MODELS.removed(d.model));
    } else if (chosen.length >= MAX_COMPARE) {
      input.checked = false;
      setOverMax(true);
      setNote(MODELS.compareMax);
    } else {
      setView((v) => ({ ...v, compare: [...v.compare.filter((id) => chosen.some((c) => c.id === id)), d.id] }));
      setNote(MODELS.added(d.model, chosen.length + 1));
    }
  };

  const closeCompare = () => {
    setComparing(false);
    opener.current?.focus();
  };

  const href = (d: Device) =>
    configuratorHref(configuratorUrl, { device: d.id, utm_medium: 'models', utm_campaign: 'device_selection' });

  return (
    <div className="k-root models" part="root" ref={root}>
      {filters && (
        <div className="toolbar" part="toolbar" role="group" aria-label={MODELS.filtersLabel}>
          <Choice
            name="type"
            legend={MODELS.typeLegend}
            value={active.type}
            options={[
              ['all', MODELS.all, count.type.all],
              ['mono', PRICING.mono, count.type.mono],
              ['color', PRICING.color, count.type.color],
            ]}
            onChoose={(type: TypeFilter) => filter({ type })}
          />
          <Choice
            name="format"
            legend={MODELS.formatLegend}
            value={active.format}
            options={[
              ['all', MODELS.all, count.format.all],
              ['A4', 'A4', count.format.A4],
              ['A3', 'A3', count.format.A3],
            ]}
            onChoose={(format: FormatFilter) => filter({ format })}
          />
          <Choice
            name="order"
            legend={MODELS.orderLegend}
            value={active.order}
            options={[
              ['popular', MODELS.popular],
              ['price', MODELS.price],
            ]}
            onChoose={(order: Order) => filter({ order })}
          />
        </div>
      )}
      <p className="sr-only" aria-live="polite">
        {note}
      </p>
      {shown.length > 0 ? (
        <ul className="cards">
          {shown.map((d) => (
            <Card
              key={d.id}
              device={d}
              href={href(d)}
              compare={
                filters ? { checked: chosen.includes(d), onChange: (input) => toggleCompare(d, input) } : undefined
              }
            />
          ))}
        </ul>
      ) : (
        <div className="empty">
          <p>{MODELS.none}</p>
          <button type="button" className="btn ghost" onClick={() => filter({ type: 'all', format: 'all' })}>
            {MODELS.reset}
          </button>
        </div>
      )}
      {chosen.length > 0 && (
        <div className="bar" part="compare-bar">
          <p>
            {MODELS.compareChosen} <strong>{chosen.map((d) => d.model).join(', ')}</strong>
            {overMax ? (
              <span className="hint">{MODELS.compareMax}</span>
            ) : (
              chosen.length < 2 && <span className="hint">{MODELS.compareMore}</span>
            )}
          </p>
          <p className="bar-actions">
            {chosen.length >= 2 && (
              <button type="button" className="btn" ref={opener} onClick={() => setComparing(true)}>
                {MODELS.compareOpen} ({chosen.length})
              </button>
            )}
            <button
              type="button"
              className="btn ghost"
              onClick={() => {
                setOverMax(false);
                setView((v) => ({ ...v, compare: [] }));
                // The bar goes away with the button in it: keep the keyboard in the list.
                root.current?.querySelector<HTMLInputElement>('.cmp input')?.focus();
              }}
            >
              {MODELS.compareClear}
            </button>
          </p>
        </div>
      )}
      {comparing && chosen.length >= 2 && (
        <dialog ref={dialog} className="compare" part="compare" aria-labelledby="cmp-title" onClose={closeCompare}>
          <div className="dhead">
            <h2 id="cmp-title">{MODELS.compareTitle}</h2>
            <button type="button" className="btn ghost" onClick={() => dialog.current?.close()}>
              {MODELS.close}
            </button>
          </div>
          <Comparison devices={chosen} href={href} />
        </dialog>
      )}
    </div>
  );
}

interface ChoiceProps<T extends string> {
  name: string;
  legend: string;
  value: T;
  options: [T, string, number?][];
  onChoose: (value: T) => void;
}

/** A group of radio buttons drawn as a segmented control; arrow keys move within it. */
function Choice<T extends string>({ name, legend, value, options, onChoose }: ChoiceProps<T>) {
  return (
    <fieldset className={`choice ${name}`}>
      <legend>{legend}</legend>
      <div className="opts">
        {options.map(([v, label, n]) => (
          <label key={v}>
            <input type="radio" name={name} value={v} checked={v === value} onChange={() => onChoose(v)} />
            <span>
              {label}
              {n !== undefined && <span className="n"> ({n})</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface CardProps {
  device: Device;
  href: string;
  compare?: { checked: boolean; onChange: (input: HTMLInputElement) => void } | undefined;
}

function Card({ device: d, href, compare }: CardProps) {
  const cheapest = cheapestPackage(d);
  const from = lowestPrice(d);
  const headingId = `m-${d.id}`;
  return (
    <li className="card" part="card" data-type={d.type} data-format={d.format} aria-labelledby={headingId}>
      <p className="badges">
        <span className={`badge ${d.type}`}>{typeName(d)}</span>
        <span className="badge">{d.format}</span>
        {d.isRefurbished && <span className="badge ok">{MODELS.refurbished}</span>}
      </p>
      <h3 id={headingId}>{d.name}</h3>
      <p className="sub">{`${MODELS.model}: ${d.model}`}</p>
      <ul className="features">
        {d.features.slice(0, 5).map((f) => (
          <li key={f}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            {f}
          </li>
        ))}
      </ul>
      <p className="price" part="price">
        <span className="from">{PRICING.from}</span> <strong>{formatPln(from)}</strong>{' '}
        <span className="per">{PRICING.perMonth}</span>
      </p>
      <p className="gross">{`${formatPln(gross(from), 2)} ${PRICING.grossSuffix}`}</p>
      {cheapest && (
        <p className="included">
          {`${MODELS.included} ${LEVEL_NAMES[cheapest.level]}: `}
          <strong>{pages(cheapest.monthlyLimit, cheapest.colorLimit)}</strong>
          {` ${MODELS.perMonth}`}
        </p>
      )}
      <dl className="pkgs">
        {PACKAGE_LEVELS.map((level) => {
          const pkg = d.packages.find((p) => p.level === level);
          return pkg ? (
            <div key={level}>
              <dt>{LEVEL_NAMES[level]}</dt>
              <dd>{formatPln(pkg.monthlyPrice)}</dd>
            </div>
          ) : null;
        })}
      </dl>
      <div className="actions">
        <a className="btn cta" part="cta" href={href} onClick={() => trackCta(href)}>
          {MODELS.cta}
          <span className="sr-only"> {d.name}</span>
        </a>
        {compare && (
          <label className="cmp">
            <input type="checkbox" checked={compare.checked} onChange={(e) => compare.onChange(e.currentTarget)} />
            {MODELS.compare}
            <span className="sr-only"> {d.model}</span>
          </label>
        )}
      </div>
    </li>
  );
}

function trackCta(href: string): void {
  track({ event: 'cta_click', event_category: 'cta', event_action: 'device_selection', event_label: href });
}

/** The chosen models side by side: type, format, package prices and limits, overage. */
function Comparison({ devices, href }: { devices: Device[]; href: (d: Device) => string }) {
  const pkg = (d: Device, level: PackageLevel) => d.packages.find((p) => p.level === level);
  const row = (label: string, cell: (d: Device) => string) => (
    <tr>
      <th scope="row">{label}</th>
      {devices.map((d) => (
        <td key={d.id}>{cell(d)}</td>
      ))}
    </tr>
  );
  return (
    <div className="scroll" tabIndex={0} role="region" aria-labelledby="cmp-title">
      <table>
        <caption>{MODELS.compareCaption}</caption>
        <thead>
          <tr>
            <td />
            {devices.map((d) => (
              <th key={d.id} scope="col">
                {d.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {row(MODELS.rowType, typeName)}
          {row(MODELS.rowFormat, (d) => d.format)}
          {row(MODELS.rowFrom, (d) => `${formatPln(lowestPrice(d))} ${PRICING.perMonth}`)}
          {PACKAGE_LEVELS.map((level) => (
            <tr key={level}>
              <th scope="row">{LEVEL_NAMES[level]}</th>
              {devices.map((d) => {
                const p = pkg(d, level);
                return (
                  <td key={d.id}>
                    {p && (
                      <>
                        <strong>{formatPln(p.monthlyPrice)}</strong>
                        <span className="lim">{pages(p.monthlyLimit, p.colorLimit)}</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
          {row(MODELS.rowOverMono, (d) => formatRate(d.packages[0]?.overage.mono ?? 0))}
          {row(MODELS.rowOverColor, (d) => {
            const rate = d.packages[0]?.overage.color;
            return rate === undefined ? '—' : formatRate(rate);
          })}
          <tr>
            <td />
            {devices.map((d) => (
              <td key={d.id}>
                <a className="btn" href={href(d)} onClick={() => trackCta(href(d))}>
                  {MODELS.cta}
                  <span className="sr-only"> {d.name}</span>
                </a>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
