/**
 * "Od kliknięcia do przelewu" in 'Liczby': for the leads of a date range, per partner,
 * utm_source, utm_medium, utm_campaign or host page, every step to the money paid, the
 * conversion between steps and the median days from lead to signed, with the CSV. On a phone
 * each row is a card of labelled lines.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import { formatNumber, formatPln } from '../../widgets/core/format.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import {
  FUNNEL_BYS,
  FUNNEL_BY_LABELS,
  type FunnelBy,
  type FunnelReport,
  type FunnelRow,
} from '../../worker/admin-shared/admin-api-funnel.ts';
import { Field, FilterForm, SelectField, useFilter } from './form-kit.tsx';

/** The month so far: its first day to today (Warsaw). */
function thisMonth(): { from: string; to: string; by: FunnelBy } {
  const today = warsawToday();
  return { from: `${today.slice(0, 7)}-01`, to: today, by: 'campaign' };
}

const money = (grosze: number) => formatPln(grosze / 100, 2);
const percent = (share: number | null) => (share === null ? '' : `${formatNumber(Math.round(share * 100))}%`);

const COLUMNS = [
  'Leady',
  'Wyceny',
  'Zamówienia podpisane',
  'Zweryfikowane',
  'Zainstalowane',
  'Umowy / mies. netto',
  'Zafakturowano netto',
  'Wpłacono',
  'Mediana dni do podpisu',
] as const;

/** A count with the share of the step before under it. */
function Step({ label, n, share }: { label: string; n: number; share: number | null }) {
  return (
    <td className="num" data-label={label}>
      <span>
        {formatNumber(n)}
        {share !== null && (
          <span className="share">
            {' '}
            ({percent(share)}
            <span className="sr-only"> poprzedniego kroku</span>)
          </span>
        )}
      </span>
    </td>
  );
}

function Row({ row }: { row: FunnelRow }) {
  return (
    <tr>
      <th scope="row" className="key">
        {row.key}
      </th>
      <Step label={COLUMNS[0]} n={row.leads} share={null} />
      <Step label={COLUMNS[1]} n={row.quotes} share={row.conversion.quotes} />
      <Step label={COLUMNS[2]} n={row.orders} share={row.conversion.orders} />
      <Step label={COLUMNS[3]} n={row.verified} share={row.conversion.verified} />
      <Step label={COLUMNS[4]} n={row.installed} share={row.conversion.installed} />
      <td className="num money" data-label={COLUMNS[5]}>
        {money(row.contractValue)}
      </td>
      <td className="num money" data-label={COLUMNS[6]}>
        {money(row.invoicedNet)}
      </td>
      <td className="num money" data-label={COLUMNS[7]}>
        {money(row.paid)}
      </td>
      <td className="num" data-label={COLUMNS[8]}>
        {row.medianDaysToSigned === null ? '–' : formatNumber(row.medianDaysToSigned)}
      </td>
    </tr>
  );
}

/** A box that scrolls the table where it is wider than the screen; focusable, so a keyboard scrolls it too. */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a scroll box, not a section of the page; the role names the focus stop
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable)
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

export function FunnelStats({ onFailure }: { onFailure: (e: unknown) => void }) {
  const filter = useFilter(thisMonth());
  const applied = filter.applied;
  const [report, setReport] = useState<FunnelReport | undefined>();
  const [refusal, setRefusal] = useState<{ error: string; field?: string } | undefined>();
  const query = new URLSearchParams({ from: applied.from, to: applied.to, by: applied.by }).toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the report reloads when the applied query changes, not when the parent's callback does
  useEffect(() => {
    api<FunnelReport>(`/stats/funnel?${query}`)
      .then((r) => {
        setReport(r);
        setRefusal(undefined);
      })
      .catch((e: unknown) =>
        e instanceof ApiRefused
          ? setRefusal({ error: e.message, field: (e.data as { field?: string } | undefined)?.field })
          : onFailure(e),
      );
  }, [applied]);

  const byLabel = FUNNEL_BY_LABELS[applied.by];
  return (
    <section className="card funnel" aria-labelledby="funnel">
      <h2 id="funnel">Od kliknięcia do przelewu</h2>
      <p className="hint">
        Leady z wybranych dni i to, czym stały się do dziś: wycena, podpisane zamówienie, weryfikacja, instalacja,
        faktury i wpłaty. W nawiasie: część poprzedniego kroku.
      </p>
      <FilterForm
        card={false}
        aria-label="Zakres raportu od kliknięcia do przelewu"
        onSubmit={() => filter.apply()}
        actions={
          <a className="button ghost" href={`/api/admin/stats/funnel.csv?${query}`} download>
            Pobierz CSV
          </a>
        }
      >
        <Field
          label="Leady od dnia"
          type="date"
          required
          value={filter.typed.from}
          onValue={filter.set('from')}
          invalid={refusal?.field === 'from'}
          aria-describedby={refusal?.field === 'from' ? 'funnel-error' : undefined}
        />
        <Field
          label="do dnia"
          type="date"
          required
          value={filter.typed.to}
          onValue={filter.set('to')}
          invalid={refusal?.field === 'to'}
          aria-describedby={refusal?.field === 'to' ? 'funnel-error' : undefined}
        />
        <SelectField
          label="Według"
          value={filter.typed.by}
          options={FUNNEL_BYS.map((by) => [by, FUNNEL_BY_LABELS[by]] as const)}
          onValue={(v) => filter.set('by')(v as FunnelBy)}
        />
      </FilterForm>
      {refusal && (
        <p className="error" role="alert" id="funnel-error">
          {refusal.error}
        </p>
      )}
      {!report ? (
        !refusal && <p role="status">Ładowanie raportu...</p>
      ) : (
        <ScrollRegion label="Tabela: od kliknięcia do przelewu">
          <table className="funnel-table">
            <caption className="sr-only">Od kliknięcia do przelewu według: {FUNNEL_BY_LABELS[report.by]}</caption>
            <thead>
              <tr>
                <th scope="col">{byLabel}</th>
                {COLUMNS.map((c) => (
                  <th scope="col" key={c}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <Row key={r.key} row={r} />
              ))}
              {report.rows.length === 0 && (
                <tr>
                  <td colSpan={COLUMNS.length + 1}>Brak leadów w tych dniach.</td>
                </tr>
              )}
            </tbody>
            {report.rows.length > 0 && (
              <tfoot>
                <Row row={report.total} />
              </tfoot>
            )}
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
