/**
 * Who keeps the first-answer promise (terms.ts `FIRST_ANSWER_HOURS`): the share of leads
 * first answered within it and the median in business hours, per week, per person, per
 * month and per source/partner.
 */
import { useEffect, useState } from 'react';
import { formatNumber } from '../../widgets/core/format.ts';
import { dateText, monthText } from '../../widgets/core/dates.ts';
import { api } from './api.ts';
import type {
  ResponseFigures as Row,
  ResponseStats as ResponseStatsData,
} from '../../worker/admin-shared/admin-api.ts';

const monthLabel = (key: string) => (/^\d{4}-\d{2}$/.test(key) ? monthText(key) : key);

const weekLabel = (monday: string) => `tydzień od ${dateText(monday, 'short')}`;

export function ResponseStats({
  range,
  onFailure,
}: {
  range: { from: string; to: string };
  onFailure: (e: unknown) => void;
}) {
  const [data, setData] = useState<ResponseStatsData | undefined>();
  useEffect(() => {
    const params = new URLSearchParams(Object.entries(range).filter(([, v]) => v));
    api<ResponseStatsData>(`/stats/response${params.size ? `?${params}` : ''}`)
      .then(setData)
      .catch(onFailure);
  }, [range, onFailure]);
  if (!data) return null;
  const table = (id: string, title: string, rows: Row[], label: (k: string) => string = (k) => k) => (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Grupa</span>
              </th>
              <th scope="col">Leady</th>
              <th scope="col">W obietnicy ({data.targetHours} h rob.)</th>
              <th scope="col">Mediana</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{label(r.key)}</th>
                <td className="num">{r.leads}</td>
                <td className="num">{r.share === null ? '–' : `${formatNumber(Math.round(r.share * 100))}%`}</td>
                <td className="num">
                  {r.medianHours === null ? '–' : `${formatNumber(Math.round(r.medianHours * 10) / 10)} h`}
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={4}>Brak danych.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
  return (
    <>
      {table('response-week', 'Pierwsza odpowiedź w tygodniach', [...data.byWeek].reverse(), weekLabel)}
      {table('response-person', 'Pierwsza odpowiedź według osoby', data.byPerson)}
      {table('response-month', 'Czas odpowiedzi w miesiącach', data.byMonth, monthLabel)}
      {table('response-source', 'Czas odpowiedzi według źródła i partnera', data.bySource)}
    </>
  );
}
