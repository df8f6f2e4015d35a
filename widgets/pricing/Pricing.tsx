/**
 * `<kserowo-pricing>`: the Mono/Kolor switch and the three package cards
 * (spec §2 item 8, §4; DESIGN §5).
 *
 * Attributes, events, parts and custom properties: ./contract.ts (the one declaration).
 * Shadow DOM: no form fields, so nothing for autofill; the shadow root keeps host
 * CSS out and lets the site pre-render it as Declarative Shadow DOM.
 *
 * Without JavaScript: the switch is a real checkbox (`role="switch"`, checked
 * is Kolor) and both card lists are in the markup; CSS `:has()` shows the list of the
 * switch's state, as the model filters do. The script keeps the same markup (so the
 * upgrade shifts nothing) and adds the events and the `type` attribute.
 */
import { useEffect, useState } from 'react';
import type { Catalogue, DeviceType } from '../core/model.ts';
import { track, pixel } from '../core/analytics.ts';
import { useCatalogue } from '../core/catalogue-source.ts';
import { emit, hostOf } from '../core/events.ts';
import { Loading, WidgetBoundary } from '../core/Fallback.tsx';
import { formatNumber, formatPln } from '../core/format.ts';
import { gross } from '../core/pricing.ts';
import { type PackageSummary, PACKAGE_COPY, PRICING, packageSummaries } from '../core/packages.ts';
import { configuratorHref } from '../core/links.ts';
import type { WidgetHostProps } from '../core/define.ts';
import type { CommonProps } from '../core/widget-props.ts';
import { type HeadingTag, headingTag } from '../core/heading.ts';

export interface PricingProps extends WidgetHostProps, CommonProps {
  type?: string;
  configuratorUrl?: string;
  /** The cards' heading level, 2–6 (widgets/core/heading.ts). */
  headingLevel?: number;
  /** A catalogue to render with (server rendering, previews); otherwise the page's. */
  catalogue?: Catalogue;
}

const asType = (value: string | undefined): DeviceType => (value === 'mono' ? 'mono' : 'color');

export function Pricing(props: PricingProps) {
  return (
    <WidgetBoundary container={props.container}>
      <PricingCards {...props} />
    </WidgetBoundary>
  );
}

const TYPES: DeviceType[] = ['color', 'mono'];

function PricingCards({
  type: typeProp,
  configuratorUrl,
  apiBase,
  catalogue: given,
  container,
  headingLevel,
}: PricingProps) {
  const catalogue = useCatalogue(apiBase, given);
  const heading = headingTag(headingLevel, container);
  const [type, setType] = useState<DeviceType>(asType(typeProp));
  useEffect(() => setType(asType(typeProp)), [typeProp]);

  const choose = (next: DeviceType) => {
    if (next === type) return;
    setType(next);
    emit(hostOf(container), 'kserowo:type-change', { type: next });
    track({
      event: 'pricing_type_change',
      event_category: 'engagement',
      event_action: 'pricing_toggle',
      event_label: next,
    });
    pixel('trackCustom', 'PricingToggle', { type: next });
  };

  return (
    <div className="k-root pricing" part="root" lang="pl" dir="ltr">
      <div className="toggle" part="switch">
        {/* The switch's labels: a click on the other type flips it; the current one is inert (CSS). */}
        <label htmlFor="type-switch" className="opt mono" aria-hidden="true">
          {PRICING.mono}
        </label>
        <input
          id="type-switch"
          type="checkbox"
          role="switch"
          className="switch"
          checked={type === 'color'}
          aria-checked={type === 'color'}
          aria-label={PRICING.switchLabel}
          onChange={(e) => choose(e.currentTarget.checked ? 'color' : 'mono')}
        />
        <label htmlFor="type-switch" className="opt color" aria-hidden="true">
          {PRICING.color}
        </label>
      </div>
      {catalogue ? (
        TYPES.map((listType) => (
          <ul key={listType} className={`cards ${listType}`}>
            {packageSummaries(catalogue, listType).map((card) => (
              <Card
                key={card.level}
                card={card}
                heading={heading}
                href={configuratorHref(configuratorUrl, {
                  package: card.level,
                  utm_medium: 'pricing',
                  utm_campaign: 'main_pricing_cta',
                })}
              />
            ))}
          </ul>
        ))
      ) : (
        <Loading />
      )}
      <p className="footnote">{PRICING.footnote}</p>
    </div>
  );
}

function included(card: PackageSummary): string {
  const mono = `${formatNumber(card.includedPages.mono)} stron mono`;
  return card.includedPages.color === undefined
    ? mono
    : `${mono} + ${formatNumber(card.includedPages.color)} stron kolor`;
}

function Card({ card, href, heading: H }: { card: PackageSummary; href: string; heading: HeadingTag }) {
  const headingId = `pkg-${card.type}-${card.level}`;
  return (
    <li className={card.popular ? 'card popular' : 'card'} part="card" aria-labelledby={headingId}>
      {card.popular && <p className="badge">{PRICING.popular}</p>}
      <H id={headingId} className="name">
        {card.name}
      </H>
      <p className="desc">{card.description}</p>
      <p className="price" part="price">
        <span className="from">{PRICING.from}</span> <strong>{formatPln(card.lowestPrice)}</strong>{' '}
        <span className="per">{PRICING.perMonth}</span>
      </p>
      <p className="gross">
        {formatPln(gross(card.lowestPrice), 2)} {PRICING.grossSuffix}
        {card.priceRange.max > card.priceRange.min && (
          <>
            {' '}
            · {formatNumber(card.priceRange.min)}–{formatPln(card.priceRange.max)} {PRICING.range}
          </>
        )}
      </p>
      <p className="included">
        <span>{PRICING.includedTitle}:</span> <strong>{included(card)}</strong>
      </p>
      <ul className="features">
        {card.features.map((f) => (
          <li key={f}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" stroke-width="2" />
            </svg>
            {f}
          </li>
        ))}
      </ul>
      {PACKAGE_COPY[card.level].extras.length > 0 && (
        <ul className="extras">
          {PACKAGE_COPY[card.level].extras.map((extra, i) => (
            <li key={extra.label}>
              <Tooltip id={`tip-${card.type}-${card.level}-${i}`} label={extra.label} text={extra.tooltip} />
            </li>
          ))}
        </ul>
      )}
      <a
        className="btn cta"
        part="cta"
        href={href}
        onClick={() =>
          track({ event: 'cta_click', event_category: 'cta', event_action: 'main_pricing_cta', event_label: href })
        }
      >
        {PRICING.cta} {card.name}
      </a>
    </li>
  );
}

/** A tooltip for mouse (hover), keyboard (focus, Escape) and touch (a tap opens it, a tap elsewhere closes it). */
export function Tooltip({ id, label, text }: { id: string; label: string; text: string }) {
  const [open, setOpen] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover on the wrapper keeps the tip open while the pointer moves onto it; the button inside serves keyboard and touch.
    <span className="tip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="tip-trigger"
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      >
        {label}
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" stroke-width="1.5" />
          <path d="M8 7v4M8 4.5v.5" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" />
        </svg>
      </button>
      <span role="tooltip" id={id} className="tip-text" hidden={!open}>
        {text}
      </span>
    </span>
  );
}
