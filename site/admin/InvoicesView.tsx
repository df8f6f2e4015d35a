/**
 * The invoices register: a month's invoices and corrections with their figures, KSeF state
 * and number, the XML, the UPO and the customer's copy; the owner issues the month's
 * invoices and a correction; the month's XML (ZIP) and the accountant's CSV.
 */
import { useState } from 'react';
import type { InvoiceList, InvoiceListed, InvoicesIssued } from '../../worker/admin-shared/admin-api.ts';
import { INVOICE_LIMITS, ksefStatusLabel } from '../../worker/admin-shared/admin-api-invoices.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { ApiRefused, api } from './api.ts';
import { MoreRows, usePages } from './pages.tsx';
import { DataTable, Notice } from './ui.tsx';
import { lastMonth } from './months.ts';
import { Field } from './form-kit.tsx';
import { KsefWarnings, RejectedInvoice } from './InvoiceKsef.tsx';
import { MissingReadings } from './MissingReadings.tsx';
import type { SessionViewProps } from './view-props.ts';

const INVOICES = ['faktura', 'faktury', 'faktur'] as const;
const pln = (n: number) => formatPln(n, 2);

type Note = { ok: boolean; text: string } | undefined;

function Correction({ invoice, onDone }: { invoice: InvoiceListed; onDone: (note: Note) => void }) {
  const [reason, setReason] = useState('');
  const save = (event: Event) => {
    event.preventDefault();
    api<{ id: string; number: string }>(`/invoices/${invoice.id}/correction`, { method: 'POST', body: { reason } })
      .then((k) => onDone({ ok: true, text: `Wystawiono korektę ${k.number} do faktury ${invoice.number}.` }))
      .catch((e: unknown) => onDone({ ok: false, text: e instanceof ApiRefused ? e.message : 'Nie udało się.' }));
  };
  return (
    <details>
      <summary>Korekta</summary>
      <form onSubmit={save as never} aria-label={`Korekta faktury ${invoice.number}`}>
        <Field label="Powód korekty" value={reason} maxLength={INVOICE_LIMITS.reason} required onValue={setReason} />
        <button type="submit" className="button small">
          Wystaw korektę
        </button>
      </form>
    </details>
  );
}

export function InvoicesView({ onFailure, session }: SessionViewProps) {
  const [period, setPeriod] = useState(lastMonth);
  const [note, setNote] = useState<Note>();
  const pages = usePages<InvoiceList & { limit: number }, InvoiceListed>(
    `/invoices?period=${period}`,
    (d) => d.invoices,
    onFailure,
  );
  const owner = session.role === 'owner';
  const done = (n: Note) => void pages.reload().then(() => setNote(n));
  const [issuing, setIssuing] = useState(false);
  // A month of many contracts is issued in parts (200 a request); the panel asks for the next part
  // until none is left, telling how far it is. Left part-way, the cron goes on within a minute.
  const issue = async () => {
    setIssuing(true);
    const total = { issued: 0, skipped: 0, held: [] as NonNullable<InvoicesIssued['held']> };
    try {
      for (let more = true; more; ) {
        const r = await api<InvoicesIssued>('/invoices/issue', { method: 'POST', body: { period } });
        total.issued += r.issued;
        total.skipped += r.skipped;
        total.held.push(...(r.held ?? []));
        more = r.more;
        if (more) setNote({ ok: true, text: `Wystawianie faktur… wystawiono ${total.issued}.` });
      }
      const held = total.held.map((h) => `${h.contract}: ${h.problems.join('; ')}`).join(' · ');
      done({
        ok: total.held.length === 0,
        text:
          `Wystawiono ${total.issued}, pominięto już wystawione: ${total.skipped}.` +
          (held
            ? ` Nie wystawiono (KSeF odrzuciłby fakturę; popraw dane umowy i wystaw faktury za miesiąc jeszcze raz): ${held}.`
            : ''),
      });
    } catch (e: unknown) {
      if (e instanceof ApiRefused) setNote({ ok: false, text: e.message });
      else onFailure(e);
    } finally {
      setIssuing(false);
    }
  };
  const rows = pages.rows;
  const files = `/api/admin/invoices/export`;
  return (
    <div className="invoices">
      <h1>Faktury</h1>
      <p className="lead">
        Faktury FA(3) wystawione z rozliczeń umów: co miesiąc automatycznie, w skonfigurowanym dniu roboczym następnego
        miesiąca. Każda trafia do KSeF; korekta wskazuje numer KSeF faktury korygowanej.
      </p>
      <div className="filters">
        <Field label="Miesiąc" type="month" value={period} onValue={setPeriod} />
        <div className="filter-actions">
          {owner && (
            <button type="button" className="button" disabled={issuing} onClick={() => void issue()}>
              {issuing ? 'Wystawianie…' : 'Wystaw faktury za miesiąc'}
            </button>
          )}
          <a className="button ghost" href={`${files}.zip?period=${period}`} download>
            Pobierz XML miesiąca (ZIP)
          </a>
          <a className="button ghost" href={`${files}.csv?period=${period}`} download>
            CSV dla księgowości
          </a>
        </div>
      </div>
      <Notice note={note} />
      <MissingReadings period={period} onFailure={onFailure} />
      <KsefWarnings />
      {!rows ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : rows.length === 0 ? (
        <p>Brak faktur za ten miesiąc.</p>
      ) : (
        <DataTable
          columns={['Numer', 'Miesiąc', 'Umowa', 'Netto', 'VAT', 'Brutto', 'Status KSeF', 'Numer KSeF', 'Pliki']}
          actions={owner}
          className="invoice-list"
        >
          {rows.map((i) => (
            <tr key={i.id}>
              <td>{i.number}</td>
              <td>{i.period}</td>
              <td>{i.contract}</td>
              <td className="num">{pln(i.net)}</td>
              <td className="num">{pln(i.vat)}</td>
              <td className="num">{pln(i.gross)}</td>
              <td>
                {ksefStatusLabel(i.ksefStatus)}
                {i.ksefError && <RejectedInvoice invoice={i} owner={owner} onDone={done} />}
              </td>
              <td className="mono">{i.ksefNumber ?? '—'}</td>
              <td>
                <a href={`/api/admin/invoices/${i.id}/xml`} download>
                  XML
                </a>
                {i.ksefNumber && (
                  <>
                    {' · '}
                    <a href={`/api/admin/invoices/${i.id}/upo`} download>
                      UPO
                    </a>
                  </>
                )}
                {' · '}
                <a href={`/faktura/${i.id}`} target="_blank" rel="noopener noreferrer">
                  Kopia klienta
                </a>
              </td>
              {owner && (
                <td>
                  <Correction invoice={i} onDone={done} />
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={INVOICES} />
    </div>
  );
}
