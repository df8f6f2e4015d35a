/**
 * What the invoices register shows of KSeF beside the invoices: KSeF's technical warnings
 * (`X-System-Warning`, kept by the sender) and, for an invoice KSeF rejected, its reason and the
 * owner's „Wystaw ponownie” (the invoice made again from the corrected data, same number).
 */
import { useEffect, useState } from 'react';
import type { InvoiceListed, KsefWarningList } from '../../worker/admin-shared/admin-api.ts';
import { ApiRefused, api } from './api.ts';
import { dateTimeText } from '../../widgets/core/dates.ts';

const when = (iso: string) => dateTimeText(iso, 'short');

/** KSeF's warnings of the last 7 days, when there are any. */
export function KsefWarnings() {
  const [list, setList] = useState<KsefWarningList['warnings']>([]);
  useEffect(() => {
    api<KsefWarningList>('/invoices/ksef-warnings')
      .then((r) => setList(r.warnings))
      .catch(() => setList([]));
  }, []);
  if (!list.length) return null;
  return (
    <section className="notice" aria-labelledby="ksef-warnings">
      <h2 id="ksef-warnings">Ostrzeżenia KSeF (ostatnie 7 dni)</h2>
      <p>KSeF dołączył je do odpowiedzi; nie zmieniają wyniku wysyłki, ale zapowiadają zmianę po jego stronie.</p>
      <ul>
        {list.map((w) => (
          <li key={`${w.code} ${w.message}`}>
            <strong>[{w.code}]</strong> {w.message} — ostatnio {when(w.lastSeen)} ({w.path}, razy: {w.seen})
          </li>
        ))}
      </ul>
    </section>
  );
}

type Note = { ok: boolean; text: string } | undefined;

/**
 * A rejected invoice's reason and, for the owner, „Wystaw ponownie”: after the data is fixed
 * (the contract's buyer, the company), the invoice is made again with the same number and queued.
 */
export function RejectedInvoice({
  invoice,
  owner,
  onDone,
}: {
  invoice: InvoiceListed;
  owner: boolean;
  onDone: (note: Note) => void;
}) {
  const [busy, setBusy] = useState(false);
  const reissue = () => {
    setBusy(true);
    api<{ number: string; issueDate: string }>(`/invoices/${invoice.id}/reissue`, { method: 'POST' })
      .then((r) =>
        onDone({
          ok: true,
          text: `Fakturę ${r.number} wystawiono ponownie z datą ${r.issueDate.split('-').reverse().join('.')} i wysłano do KSeF.`,
        }),
      )
      .catch((e: unknown) => onDone({ ok: false, text: e instanceof ApiRefused ? e.message : 'Nie udało się.' }))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <span className="note">Powód: {invoice.ksefError}</span>
      {owner && invoice.kind === 'VAT' && (
        <button
          type="button"
          className="button small"
          disabled={busy}
          onClick={reissue}
          aria-label={`Wystaw ponownie fakturę ${invoice.number}`}
        >
          {busy ? 'Wystawianie…' : 'Wystaw ponownie'}
        </button>
      )}
    </>
  );
}
