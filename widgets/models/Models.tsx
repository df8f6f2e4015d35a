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
import type { Catalogue, Device } from '../core/model.ts';
import { findDevice } from '../core/model.ts';
import { useCatalogue } from '../core/catalogue-source.ts';
import { Loading, WidgetBoundary } from '../core/Fallback.tsx';
import { PRICING } from '../core/price-labels.ts';
import { headingTag } from '../core/heading.ts';
import { FALLBACK } from '../core/texts.ts';
import { configuratorHref } from '../core/links.ts';
import type { WidgetHostProps } from '../core/define.ts';
import type { CommonProps } from '../core/widget-props.ts';
import { MODELS } from './copy.ts';
import { Card, Choice } from './Card.tsx';
import { Comparison } from './Comparison.tsx';
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
  /** The cards' heading level, 2–6 (widgets/core/heading.ts). */
  headingLevel?: number;
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

  const { type, format, order } = active;
  const compared = active.compare.join();
  useEffect(() => {
    if (!syncUrl) return;
    const shown: View = { type, format, order, compare: compared ? compared.split(',') : [] };
    const search = searchWithView(location.search, shown, asOrder(props.order));
    if (search !== location.search)
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [syncUrl, type, format, order, compared, props.order]);

  useEffect(() => {
    if (comparing && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [comparing]);

  if (!catalogue) {
    return (
      <div className="k-root models" part="root" lang="pl" dir="ltr">
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
    <div className="k-root models" part="root" lang="pl" dir="ltr" ref={root}>
      {filters && (
        // biome-ignore lint/a11y/useSemanticElements: a group of fieldsets; a nested <fieldset> would change the pre-rendered layout
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
              heading={headingTag(props.headingLevel, props.container)}
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
