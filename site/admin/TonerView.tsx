/**
 * Toner orders from the customer's page, newest first, or of one status (the ones awaiting
 * approval, 'do akceptacji': the readings did not justify them by the cartridge yield), each line with
 * the device, colour and the counters when ordered; the team accepts, sends, marks
 * delivered or refuses. Page by page ('Pokaż więcej').
 */
import { useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { ViewProps } from './view-props.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { tonerStatusLabel, when } from './labels.ts';
import { DataTable, Notice } from './ui.tsx';
import { SelectField } from './form-kit.tsx';
import { MoreRows, usePages } from './pages.tsx';
import { ORDERS } from '../../widgets/core/nouns.ts';
import type { TonerStatus } from '../../widgets/core/toner.ts';
import type { ListPage } from '../../worker/admin-shared/admin-api.ts';

interface Order {
  id: number;
  number: string;
  serial: string;
  company: string;
  colourName: string;
  status: string;
  justified: boolean;
  counters: { mono: number | null; color: number | null };
  orderedBy: string;
  note: string | null;
  handledBy: string | null;
  createdAt: string;
}

/** What each status may become, and the button's words. */
const NEXT: Record<string, { status: TonerStatus; label: string }[]> = {
  awaiting_approval: [
    { status: 'accepted', label: 'Akceptuj' },
    { status: 'rejected', label: 'Odrzuć' },
  ],
  accepted: [
    { status: 'shipped', label: 'Wysłane' },
    { status: 'rejected', label: 'Odrzuć' },
  ],
  shipped: [{ status: 'delivered', label: 'Dostarczone' }],
};

export function TonerView({ onFailure }: ViewProps) {
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [status, setStatus] = useState('');
  const [statuses, setStatuses] = useState<readonly string[]>(Object.keys(NEXT));
  const pages = usePages<ListPage & { orders: Order[]; statuses: string[] }, Order>(
    `/toner${status ? `?status=${encodeURIComponent(status)}` : ''}`,
    (a) => a.orders,
    onFailure,
    (a) => setStatuses(a.statuses),
  );
  const orders = pages.rows;
  const load = () => void pages.reload();

  const change = async (o: Order, status: string) => {
    try {
      await api(`/toner/${o.id}/status`, { method: 'POST', body: { status } });
      setNote({ ok: true, text: `${o.number} (${o.colourName}): ${tonerStatusLabel(status)}.` });
      load();
    } catch (error) {
      if (error instanceof ApiRefused) setNote({ ok: false, text: error.message });
      else onFailure(error);
    }
  };

  return (
    <div className="toner">
      <h1>Tonery</h1>
      <p className="lead">
        Zamówienia ze strefy klienta. „Do akceptacji” trafia tu zamówienie, którego nie uzasadniają odczyty licznika
        (wydajność wkładów: widgets/core/toner.ts); po dostarczeniu klient może zamówić ten kolor ponownie.
      </p>
      <SelectField
        label="Pokaż"
        className="inline"
        value={status}
        onValue={setStatus}
        options={[['', 'Wszystkie'], ...statuses.map((s) => [s, tonerStatusLabel(s)] as const)]}
      />
      <Notice note={note} />
      {!orders ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : orders.length === 0 ? (
        <p>Brak zamówień tonera.</p>
      ) : (
        <DataTable
          columns={['Numer', 'Status', 'Firma', 'Urządzenie', 'Kolor', 'Liczniki', 'Zamówił', 'Kiedy']}
          actions
        >
          {orders.map((o) => (
            <tr key={o.id}>
              <td>{o.number}</td>
              <td>
                <strong>{tonerStatusLabel(o.status)}</strong>
                {o.handledBy ? ` (${o.handledBy})` : ''}
              </td>
              <td>{o.company}</td>
              <td>{o.serial}</td>
              <td>{o.colourName}</td>
              <td>
                {o.counters.mono ?? '—'}
                {o.counters.color !== null ? ` / ${o.counters.color}` : ''}
              </td>
              <td>
                {o.orderedBy}
                {o.note ? ` – ${o.note}` : ''}
              </td>
              <td>{when(o.createdAt)}</td>
              <td>
                {(NEXT[o.status] ?? []).map((n) => (
                  <button key={n.status} type="button" onClick={() => void change(o, n.status)}>
                    {n.label}
                  </button>
                ))}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={ORDERS} />
    </div>
  );
}
