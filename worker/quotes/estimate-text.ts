/**
 * The estimate, the comparison and the advice of a stored quote as Polish label/value rows:
 * one text for the printable quote page, the sales e-mail and the admin view.
 */
import { LEVEL_NAMES } from '../../widgets/core/model.ts';
import { formatNumber, formatPln, formatRate } from '../../widgets/core/format.ts';
import { PRINT_PROFILES } from '../../widgets/core/estimate.ts';
import { countText, monthsText } from '../../widgets/core/plural.ts';
import { COLOR_PAGES, DAYS, MONO_PAGES, PAGES, PEOPLE } from '../../widgets/core/nouns.ts';
import type { StoredComparison, StoredEstimate } from '../../widgets/core/estimate-validation.ts';
import type { EstimateRow } from '../admin-shared/admin-api.ts';
import type { AdvisedOffer, StoredAdvice } from '../../widgets/core/advisor.ts';
import { dateText } from '../../widgets/core/dates.ts';

/** A label and its value, as the quote page, its e-mail and the lead's page in the panel show them. */
export type Row = EstimateRow;

const netGross = (a: { net: number; gross: number }) =>
  `${formatPln(a.net, 2)} netto (${formatPln(a.gross, 2)} brutto)`;

export function estimateRows(estimate: StoredEstimate | undefined): Row[] {
  if (!estimate) return [];
  const { inputs: i, result: r } = estimate;
  const volume = `${countText(r.mono, MONO_PAGES)} + ${countText(r.color, COLOR_PAGES)} miesięcznie`;
  if (i.source === 'counters') {
    const reading = (x: typeof i.first) =>
      `${dateText(x.date)}: mono ${formatNumber(x.mono)}${x.color !== undefined ? `, kolor ${formatNumber(x.color)}` : ''}`;
    return [
      ['Szacunek nakładu', `z dwóch odczytów licznika (${countText(r.days ?? 0, DAYS)})`],
      ['Pierwszy odczyt', reading(i.first)],
      ['Drugi odczyt', reading(i.second)],
      ['Średnio miesięcznie', volume],
    ];
  }
  const p = PRINT_PROFILES[i.profile];
  const range = r.range
    ? `${formatNumber(r.range.mono[0] + r.range.color[0])}–${countText(r.range.mono[1] + r.range.color[1], PAGES)}`
    : '';
  return [
    ['Szacunek nakładu', 'z profilu biura'],
    [
      'Profil biura',
      `${countText(i.people, PEOPLE)} · ${p.label} (${countText(p.pagesPerPerson, PAGES)} na osobę, ${p.note}) · kolor ${formatNumber(i.colorShare)}%`,
    ],
    ['Szacunkowo miesięcznie', range ? `${volume} (zakres ${range})` : volume],
  ];
}

export function comparisonRows(comparison: StoredComparison | undefined): Row[] {
  if (!comparison) return [];
  const { inputs: c, result: r } = comparison;
  const contract = [
    `opłata ${formatPln(c.monthlyFee, 2)}`,
    c.rateMono !== undefined && `mono ${formatRate(c.rateMono)}/str.`,
    c.rateColor !== undefined && `kolor ${formatRate(c.rateColor)}/str.`,
    c.includedMono !== undefined && `w cenie ${formatNumber(c.includedMono)} mono`,
    c.includedColor !== undefined && `w cenie ${formatNumber(c.includedColor)} kolor`,
    c.toner !== undefined && `toner ${formatPln(c.toner, 2)}`,
    c.service !== undefined && `serwis ${formatPln(c.service, 2)}`,
    c.paper !== undefined && `papier ${formatPln(c.paper, 2)} (poza porównaniem)`,
  ]
    .filter(Boolean)
    .join(', ');
  const diff = (a: { net: number; gross: number }) =>
    a.net === 0
      ? 'bez różnicy'
      : `${netGross({ net: Math.abs(a.net), gross: Math.abs(a.gross) })} ${a.net > 0 ? 'mniej' : 'więcej'}`;
  const rows: Row[] = [
    ['Obecna umowa (netto)', contract],
    ['Obecny koszt miesięcznie', netGross(r.current)],
    [`Kserowo ${LEVEL_NAMES[r.offer.level]} miesięcznie`, netGross(r.offer)],
    [r.saves ? 'Oszczędność miesięcznie' : 'Różnica miesięcznie', diff(r.monthly)],
    ...r.overTerm.map(({ months, difference }): Row => [`Przez ${monthsText(months)}`, diff(difference)]),
  ];
  if (r.cheaperOption) {
    rows.push([
      'Tańsza opcja',
      `${r.cheaperOption.deviceName} ${LEVEL_NAMES[r.cheaperOption.level]}: ${netGross(r.cheaperOption.cost)}`,
    ]);
  }
  return rows;
}

/**
 * The advisor's best offer beside the device the visitor clicked, with the difference a month
 * and over the quote's term: 'Polecana oferta: Konica Minolta bizhub C258 Premium – 379,00 zł
 * netto miesięcznie', 'Różnica: 150,00 zł netto miesięcznie więcej (5400,00 zł przez 36 miesięcy)'.
 */
export function adviceRows(advice: StoredAdvice | undefined): Row[] {
  if (!advice) return [];
  const offer = (o: AdvisedOffer) =>
    `${o.deviceName} ${LEVEL_NAMES[o.level]} – ${formatPln(o.monthlyNet, 2)} netto miesięcznie`;
  const { monthly, overTerm } = advice.difference;
  const side = monthly >= 0 ? 'więcej' : 'mniej';
  const term = overTerm ? ` (${formatPln(Math.abs(overTerm.amount), 2)} przez ${monthsText(overTerm.months)})` : '';
  return [
    ['Urządzenie wybrane na początku', offer(advice.clicked)],
    ['Polecana oferta', offer(advice.best)],
    [
      'Różnica względem polecanej oferty',
      monthly === 0 ? 'bez różnicy' : `${formatPln(Math.abs(monthly), 2)} netto miesięcznie ${side}${term}`,
    ],
  ];
}
