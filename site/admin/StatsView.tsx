/** The numbers: leads per week, by source, campaign and partner; quotes by device and package. */
import { useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { ViewProps } from './view-props.ts';
import type { Count, LeadStats as Stats } from '../../worker/admin-shared/admin-api.ts';
import { ResponseStats } from './ResponseStats.tsx';
import { FunnelStats } from './FunnelStats.tsx';
import { dateText } from '../../widgets/core/dates.ts';
import { levelLabel } from './labels.ts';
import { Field, FilterForm, useFilter } from './form-kit.tsx';

const weekLabel = (monday: string) => dateText(monday, 'short');

export function StatsView({ onFailure }: ViewProps) {
  const filter = useFilter({ from: '', to: '' });
  const applied = filter.applied;
  const [stats, setStats] = useState<Stats | undefined>();
  const [error, setError] = useState<string | undefined>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the figures reload when the applied dates change, not when the parent's callback does
  useEffect(() => {
    const params = new URLSearchParams();
    if (applied.from) params.set('from', applied.from);
    if (applied.to) params.set('to', applied.to);
    api<Stats>(`/stats${params.size ? `?${params}` : ''}`)
      .then((s) => {
        setStats(s);
        setError(undefined);
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e)));
  }, [applied]);

  return (
    <div className="stats">
      <h1>Liczby</h1>
      <FilterForm onSubmit={() => filter.apply()}>
        <Field label="Od dnia" type="date" value={filter.typed.from} onValue={filter.set('from')} />
        <Field label="Do dnia" type="date" value={filter.typed.to} onValue={filter.set('to')} />
      </FilterForm>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <FunnelStats onFailure={onFailure} />
      {!stats ? (
        <p role="status">Ładowanie...</p>
      ) : (
        <div className="stats-grid">
          <section className="card" aria-labelledby="per-week">
            <h2 id="per-week">Leady w tygodniach</h2>
            <table>
              <thead>
                <tr>
                  <th scope="col">Tydzień od</th>
                  <th scope="col">Kontakt</th>
                  <th scope="col">Wycena</th>
                  <th scope="col">Razem</th>
                </tr>
              </thead>
              <tbody>
                {stats.perWeek.map((w) => (
                  <tr key={w.week}>
                    <td>{weekLabel(w.week)}</td>
                    <td>{w.contact}</td>
                    <td>{w.quote}</td>
                    <td>
                      <strong>{w.contact + w.quote}</strong>
                    </td>
                  </tr>
                ))}
                {stats.perWeek.length === 0 && (
                  <tr>
                    <td colSpan={4}>Brak leadów.</td>
                  </tr>
                )}
              </tbody>
            </table>
          </section>
          <CountTable id="by-source" title="Źródła (utm_source)" rows={stats.bySource} />
          <CountTable id="by-campaign" title="Kampanie (utm_campaign)" rows={stats.byCampaign} />
          <CountTable id="by-partner" title="Partnerzy" rows={stats.byPartner} />
          {stats.quotesByDevice && (
            <CountTable id="by-device" title="Wyceny według urządzenia" rows={stats.quotesByDevice} />
          )}
          {stats.quotesByPackage && (
            <CountTable id="by-package" title="Wyceny według pakietu" rows={stats.quotesByPackage} label={levelLabel} />
          )}
          <ResponseStats range={applied} onFailure={onFailure} />
        </div>
      )}
    </div>
  );
}

/** A table of counts; `label` names a stored key as the team reads it (a package level: 'Business'). */
function CountTable({
  id,
  title,
  rows,
  label = (key) => key,
}: {
  id: string;
  title: string;
  rows: Count[];
  label?: (key: string) => string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <table>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{label(r.key)}</th>
              <td className="num">{r.count}</td>
              <td>
                <progress max={max} value={r.count} aria-hidden="true" />
              </td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td>Brak danych.</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
