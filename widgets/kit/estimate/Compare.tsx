/**
 * The comparison with the current contract: its maths and its result, a chunk of its own that
 * the panel loads when the visitor opens 'Porównaj z obecną umową' (most never do), so the
 * calculator's first load carries none of it.
 */
import type { Catalogue } from '../../core/model.ts';
import { LEVEL_NAMES, findDevice } from '../../core/model.ts';
import type { Comparison } from '../../core/comparison.ts';
import { formatPln } from '../../core/format.ts';
import { useRef } from 'react';
import { C } from './copy.ts';
import { useAdoptedSheet } from './parts.tsx';

export { compareWithContract } from '../../core/comparison.ts';

/** The result's styles, adopted beside the panel's (./styles.ts) when it first shows. */
const compareCss = `
.kc-table{width:100%;border-collapse:collapse}
.kc-table th,.kc-table td{padding:6px 4px;border-bottom:1px solid var(--kb);text-align:left;vertical-align:top;font-weight:400}
.kc-table th{color:var(--km);width:45%}
.kc-saves{font-weight:700;color:var(--kokt)}
.kc-more{font-weight:700;color:var(--kwarnt)}
`;

const money = (a: { net: number; gross: number }) => (
  <>
    <strong>{formatPln(a.net, 2)}</strong> {C.net}{' '}
    <span className="kc-muted">
      ({formatPln(a.gross, 2)} {C.gross})
    </span>
  </>
);
const abs = (a: { net: number; gross: number }) => ({ net: Math.abs(a.net), gross: Math.abs(a.gross) });

export function ComparisonResult({
  comparison,
  catalogue,
  deviceName,
}: {
  comparison: Comparison;
  catalogue: Catalogue;
  deviceName: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  useAdoptedSheet(root, compareCss);
  const cheaper = comparison.cheaperOption;
  const cheaperDevice = cheaper ? findDevice(catalogue, cheaper.deviceId) : undefined;
  return (
    <div className="kc-result" part="comparison" ref={root}>
      <table className="kc-table">
        <tbody>
          <tr>
            <th scope="row">
              {C.now} ({C.perMonth})
            </th>
            <td>{money(comparison.current)}</td>
          </tr>
          <tr>
            <th scope="row">
              {C.offer(`${deviceName} ${LEVEL_NAMES[comparison.offer.level]}`)} ({C.perMonth})
            </th>
            <td>{money(comparison.offer)}</td>
          </tr>
          {[{ months: 1, difference: comparison.monthly }, ...comparison.overTerm].map(({ months, difference }) => (
            <tr key={months}>
              <th scope="row">{months === 1 ? C.difference : C.overTerm(months)}</th>
              <td>
                {difference.net === 0 ? (
                  C.noDifference
                ) : (
                  <>
                    {money(abs(difference))} {difference.net > 0 ? C.less : C.more}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={comparison.saves ? 'kc-saves' : 'kc-more'}>
        {comparison.saves
          ? C.saves(formatPln(comparison.monthly.net, 2))
          : comparison.monthly.net === 0
            ? C.same
            : C.costsMore(formatPln(-comparison.monthly.net, 2))}
      </p>
      {!comparison.saves &&
        (cheaper ? (
          <p>
            {C.cheaper(
              `${cheaperDevice?.name ?? cheaper.deviceName} ${LEVEL_NAMES[cheaper.level]}`,
              formatPln(cheaper.cost.net, 2),
            )}
          </p>
        ) : (
          <p>{C.noCheaper}</p>
        ))}
    </div>
  );
}
