/** A model card, the segmented filter control and the helpers the comparison shares. */
import type { HeadingTag } from '../core/heading.ts';
import { type Device, LEVEL_NAMES, PACKAGE_LEVELS } from '../core/model.ts';
import { formatNumber, formatPln } from '../core/format.ts';
import { cheapestPackage, gross, lowestPrice } from '../core/pricing.ts';
import { PRICING } from '../core/price-labels.ts';
import { track } from '../core/analytics.ts';
import { MODELS } from './copy.ts';

export const typeName = (d: Device): string => (d.type === 'color' ? PRICING.color : PRICING.mono);

export function pages(mono: number, color?: number): string {
  const m = `${formatNumber(mono)} ${MODELS.pagesMono}`;
  return color === undefined ? m : `${m} + ${formatNumber(color)} ${MODELS.pagesColor}`;
}

interface ChoiceProps<T extends string> {
  name: string;
  legend: string;
  value: T;
  options: [T, string, number?][];
  onChoose: (value: T) => void;
}

/** A group of radio buttons drawn as a segmented control; arrow keys move within it. */
export function Choice<T extends string>({ name, legend, value, options, onChoose }: ChoiceProps<T>) {
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
  heading: HeadingTag;
  href: string;
  compare?: { checked: boolean; onChange: (input: HTMLInputElement) => void } | undefined;
}

export function Card({ device: d, href, compare, heading: H }: CardProps) {
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
      <H id={headingId} className="name">
        {d.name}
      </H>
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

export function trackCta(href: string): void {
  track({ event: 'cta_click', event_category: 'cta', event_action: 'device_selection', event_label: href });
}
