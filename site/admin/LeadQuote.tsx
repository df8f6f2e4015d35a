/** The quote of a quote lead, as stored with it: the configuration, the prices, the link to its page. */
import { Fragment } from 'react';
import type { LeadQuote as Quote } from '../../worker/admin-shared/admin-api.ts';
import { TERM_LABELS } from '../../widgets/core/quote.ts';
import { formatNumber, formatPln } from '../../widgets/core/format.ts';
import { LEVEL_NAMES, type PackageLevel } from '../../widgets/core/model.ts';
import { when } from './labels.ts';

/** A quote's configuration and prices as stored with the lead. */
export function LeadQuote({ quote: q }: { quote: Quote }) {
  const pages = (mono: number, color: number | null) =>
    `${formatNumber(mono)} mono${color ? ` + ${formatNumber(color)} kolor` : ''}`;
  const rate = (n: number | null) => (n === null ? '' : formatPln(n, 2));
  const rows: [string, string][] = [
    ['Numer', q.number],
    ['Urządzenie', q.deviceName],
    ['Pakiet', LEVEL_NAMES[q.level as PackageLevel] ?? q.level],
    ['Okres', TERM_LABELS[q.term] ?? q.term],
    ['Papier', q.paper ? 'tak (wycena indywidualna)' : 'nie'],
    ['Nakład miesięczny', q.volume.mono || q.volume.color ? pages(q.volume.mono, q.volume.color) : 'nie podano'],
    ['W pakiecie', pages(q.monthlyLimit, q.colorLimit)],
    [
      'Dopłata za stronę',
      [
        rate(q.overage.mono) && `mono ${rate(q.overage.mono)}`,
        q.overage.color !== null && `kolor ${rate(q.overage.color)}`,
      ]
        .filter(Boolean)
        .join(', '),
    ],
    ['Abonament', `${formatPln(q.monthlyNet, 2)} netto / ${formatPln(q.monthlyGross, 2)} brutto`],
    ['Szacunkowo przy nakładzie', `${formatPln(q.estimatedNet, 2)} netto / ${formatPln(q.estimatedGross, 2)} brutto`],
    ['Wersja cennika', String(q.catalogueVersion)],
    ['NIP', q.nip ?? '–'],
    ['Miasto', q.city ?? '–'],
    ['Zgoda marketingowa', q.marketingConsent ? 'tak' : 'nie'],
    ['Ważna do', when(q.expiresAt)],
    ...(q.estimateRows ?? []),
  ];
  return (
    <section className="card" aria-labelledby="quote">
      <h2 id="quote">Wycena</h2>
      <dl>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <p>
        <a href={q.url} target="_blank" rel="noopener">
          Otwórz stronę wyceny
        </a>
      </p>
    </section>
  );
}
