/** The comparison table of the chosen models. */
import { type Device, type PackageLevel, LEVEL_NAMES, PACKAGE_LEVELS } from '../core/model.ts';
import { formatPln, formatRate } from '../core/format.ts';
import { lowestPrice } from '../core/pricing.ts';
import { PRICING } from '../core/price-labels.ts';
import { MODELS } from './copy.ts';
import { pages, trackCta, typeName } from './Card.tsx';

/** The chosen models side by side: type, format, package prices and limits, overage. */
export function Comparison({ devices, href }: { devices: Device[]; href: (d: Device) => string }) {
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
    // A scrolling table is a named region reachable by keyboard (axe scrollable-region-focusable); a <section>
    // would change the pre-rendered markup the site styles.
    // biome-ignore lint/a11y/useSemanticElements: see above
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
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
