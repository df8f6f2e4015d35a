/**
 * Payments (loaded when opened: its own chunk, outside the panel's first script): the owner
 * uploads a bank statement (MT940 or camt.053) and sees what each credit line paid; the
 * lines nobody could match wait here to be assigned to an invoice or set aside, with a note
 * (audited); and the invoices past due with what is left and the reminders sent.
 */
import { useEffect, useState } from 'react';
import {
  type BankLine,
  type BankLinePage,
  type InvoicePayment,
  type InvoicePaymentPage,
  LINE_MATCH_LABELS,
  PAYMENT_LIMITS,
  PAYMENT_STATE_LABELS,
  type StatementImport,
  type StatementProgress,
} from '../../worker/admin-shared/admin-api-payments.ts';
import { mayUse } from '../../worker/admin-shared/roles.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { countText } from '../../widgets/core/plural.ts';
import { INVOICES, PARTS, PAYMENTS } from '../../widgets/core/nouns.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { ApiRefused, ApiUnavailable, SessionEnded, api } from './api.ts';
import { when } from './labels.ts';
import { MoreRows, usePages } from './pages.tsx';
import { DataTable, Notice } from './ui.tsx';
import { Field, SelectField } from './form-kit.tsx';
import type { SessionViewProps } from './view-props.ts';

/** A statement file posted as the multipart form the API takes; fails like `api` does. */
async function uploadStatement(file: File): Promise<StatementImport> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/admin/bank-statements', { method: 'POST', credentials: 'same-origin', body });
  } catch {
    throw new ApiUnavailable('network');
  }
  const data = (await response.json().catch(() => undefined)) as { error?: string } | undefined;
  if (response.ok) return data as StatementImport;
  if (response.status === 401) throw new SessionEnded(data?.error ?? '');
  if (response.status >= 500) throw new ApiUnavailable(`HTTP ${response.status}`);
  throw new ApiRefused(data?.error ?? `Błąd ${response.status}`, response.status, data);
}

/** What a line paid, in a few words. */
function outcome(l: BankLine): string {
  if (l.match === 'verification') return `${LINE_MATCH_LABELS.verification} ${l.order ?? ''}: zamówienie zweryfikowane`;
  if (l.match === 'invoice')
    return `faktura ${l.invoice ?? ''}${l.invoiceState ? ` – ${PAYMENT_STATE_LABELS[l.invoiceState]}` : ''}${l.how === 'manual' ? ' (przypisana ręcznie)' : ''}`;
  if (l.match === 'dismissed') return `${LINE_MATCH_LABELS.dismissed}: ${l.note ?? ''}`;
  return `do przypisania: ${l.note ?? ''}`;
}

const payer = (l: BankLine) => [l.payerName, l.payerAccount].filter(Boolean).join(', ') || '–';

export function PaymentsView({ onFailure, session }: SessionViewProps) {
  const owner = mayUse(session.role, 'bank-statements');
  // Bumped by each statement read in: the lists below load again (they said 'Wszystkie wpłaty są
  // przypisane.' until the tab was reloaded).
  const [imports, setImports] = useState(0);
  const imported = () => setImports((n) => n + 1);
  return (
    <div className="payments">
      <h1>Płatności</h1>
      <p className="lead">
        Wyciąg z banku dopasowuje wpłaty do przelewów weryfikacyjnych zamówień i do faktur. Reszta czeka tu na
        przypisanie.
      </p>
      {owner && <StatementUpload onFailure={onFailure} onImported={imported} />}
      {owner && <WaitingLines onFailure={onFailure} imports={imports} />}
      <Overdue onFailure={onFailure} imports={imports} />
    </div>
  );
}

/** Loads `pages` again when `imports` grows (a statement was read in), not on the first render. */
function useReloadOnImport(imports: number, reload: () => unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new import reloads; `reload` is a new function each render
  useEffect(() => {
    if (imports > 0) reload();
  }, [imports]);
}

/** How long the panel waits between two looks at a statement imported in the background. */
const PROGRESS_EVERY_MS = 2000;

/** The statements of `ids` as the API lists them now. */
async function progressOf(ids: string[]): Promise<StatementProgress[]> {
  const { statements } = await api<{ statements: StatementProgress[] }>('/bank-statements');
  return statements.filter((s) => ids.includes(s.id));
}

/** The progress of a background import, in a sentence. */
function progressText(list: StatementProgress[]): { ok: boolean; text: string; done: boolean; failed?: string } {
  const failed = list.find((s) => s.state === 'failed');
  if (failed)
    return {
      ok: false,
      text: failed.error ?? 'Wczytywanie wyciągu nie powiodło się.',
      done: true,
      failed: failed.id,
    };
  const parts = list.reduce((n, s) => n + s.parts, 0);
  const done = list.reduce((n, s) => n + s.partsDone, 0);
  const sum = (k: 'lines' | 'matched' | 'unmatched' | 'duplicates') => list.reduce((n, s) => n + s[k], 0);
  if (list.every((s) => s.state === 'done'))
    return {
      ok: true,
      done: true,
      text: `Wczytano w tle ${countText(sum('lines'), PAYMENTS)}: dopasowano ${sum('matched')}, do przypisania ${sum('unmatched')}, wczytane wcześniej ${sum('duplicates')}.`,
    };
  return {
    ok: true,
    done: false,
    text: `Duży wyciąg wczytuje się w tle: część ${done} z ${parts}. Możesz pracować dalej.`,
  };
}

function StatementUpload({ onFailure, onImported }: { onFailure: (e: unknown) => void; onImported: () => void }) {
  const [result, setResult] = useState<StatementImport | undefined>();
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  // The statements of a file imported in the background, looked at until they are done or failed.
  const [watching, setWatching] = useState<string[]>([]);
  // A statement whose import failed: the owner may queue its remaining parts again.
  const [failed, setFailed] = useState<string | undefined>();
  // One still importing or failed (a tab reloaded meanwhile) is shown as one just uploaded.
  useEffect(() => {
    api<{ statements: StatementProgress[] }>('/bank-statements')
      .then(({ statements }) => {
        const open = statements.filter((st) => st.state === 'importing' || st.state === 'failed');
        if (open.length > 0) setWatching((w) => (w.length > 0 ? w : open.map((st) => st.id)));
      })
      .catch(() => undefined);
  }, []);
  const retry = (id: string) =>
    api<{ parts: number[] }>(`/bank-statements/${id}/retry`, { method: 'POST', body: {} })
      .then((r) => {
        setFailed(undefined);
        setNote({ ok: true, text: `Wczytujemy ponownie ${countText(r.parts.length, PARTS)} wyciągu.` });
        setWatching([id]);
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setNote({ ok: false, text: e.message }) : onFailure(e)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: one watch per background import; the callbacks are new each render
  useEffect(() => {
    if (watching.length === 0) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () =>
      progressOf(watching)
        .then((list) => {
          if (stopped) return;
          const p = progressText(list);
          setNote({ ok: p.ok, text: p.text });
          setFailed(p.failed);
          if (p.done) {
            setWatching([]);
            onImported();
          } else timer = setTimeout(look, PROGRESS_EVERY_MS);
        })
        .catch((e: unknown) => {
          if (!stopped) onFailure(e);
        });
    look();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [watching]);
  const submit = (event: Event) => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem('file') as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) {
      setNote({ ok: false, text: 'Wybierz plik wyciągu bankowego (MT940 albo camt.053).' });
      input.focus();
      return;
    }
    setBusy(true);
    setNote(undefined);
    uploadStatement(file)
      .then((r) => {
        setResult(r);
        if (r.background) {
          setNote({ ok: true, text: `Duży wyciąg przyjęty: wczytuje się w tle (${r.background.parts} części).` });
          setWatching(r.statements.map((st) => st.id));
          return;
        }
        onImported();
        setNote({
          ok: true,
          text: `Wczytano ${countText(r.lines, PAYMENTS)}: dopasowano ${r.matched}, do przypisania ${r.unmatched}, wczytane wcześniej ${r.duplicates}.`,
        });
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setNote({ ok: false, text: e.message }) : onFailure(e)))
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby="pay-upload">
      <h2 id="pay-upload">Wyciąg bankowy</h2>
      <form onSubmit={submit} className="upload">
        <Field
          label="Plik wyciągu (MT940: .sta, .txt; camt.053: .xml)"
          type="file"
          name="file"
          accept=".sta,.txt,.mt940,.940,.xml"
          aria-describedby="pay-upload-note"
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? FALLBACK.loading : 'Wczytaj wyciąg'}
        </button>
      </form>
      <div id="pay-upload-note">
        <Notice note={note} />
      </div>
      {failed && (
        <button type="button" className="button" onClick={() => void retry(failed)}>
          Wczytaj ponownie nieudane części
        </button>
      )}
      {result && result.results.length > 0 && (
        <DataTable columns={['Data', 'Kwota', 'Od', 'Tytuł', 'Wynik']} className="pay-lines">
          {result.results.map((l) => (
            <tr key={l.id}>
              <td data-label="Data">{l.bookedOn}</td>
              <td data-label="Kwota" className="money">
                {formatPln(l.amount, 2)}
              </td>
              <td data-label="Od">{payer(l)}</td>
              <td data-label="Tytuł">{l.title}</td>
              <td data-label="Wynik">{outcome(l)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function WaitingLines({ onFailure, imports }: { onFailure: (e: unknown) => void; imports: number }) {
  const pages = usePages<BankLinePage, BankLine>('/bank-statements/lines', (d) => d.lines, onFailure);
  useReloadOnImport(imports, pages.reload);
  const [open, setOpen] = useState<number | undefined>();
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const decide = (line: BankLine, form: HTMLFormElement, dismiss: boolean) => {
    const data = new FormData(form);
    api<{ line: BankLine }>(`/bank-statements/lines/${line.id}`, {
      method: 'POST',
      body: { ...(dismiss ? {} : { invoice: data.get('invoice') }), note: data.get('note') },
    })
      .then((r) => {
        setNote({ ok: true, text: `Wpłata ${formatPln(line.amount, 2)}: ${outcome(r.line)}.` });
        setOpen(undefined);
        return pages.reload();
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setNote({ ok: false, text: e.message }) : onFailure(e)));
  };
  return (
    <section aria-labelledby="pay-waiting">
      <h2 id="pay-waiting">Wpłaty do przypisania</h2>
      <Notice note={note} />
      {!pages.rows ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : (
        <DataTable columns={['Data', 'Kwota', 'Od', 'Tytuł', 'Dlaczego czeka']} actions className="pay-lines">
          {pages.rows.map((l) => (
            <tr key={l.id}>
              <td data-label="Data">{l.bookedOn}</td>
              <td data-label="Kwota" className="money">
                {formatPln(l.amount, 2)}
              </td>
              <td data-label="Od">{payer(l)}</td>
              <td data-label="Tytuł">{l.title}</td>
              <td data-label="Dlaczego czeka">{l.note}</td>
              <td>
                {open === l.id ? (
                  <form
                    className="assign"
                    onSubmit={(e) => {
                      e.preventDefault();
                      decide(l, e.currentTarget as HTMLFormElement, false);
                    }}
                  >
                    <Field label="Numer faktury" name="invoice" maxLength={PAYMENT_LIMITS.invoice} autoComplete="off" />
                    <Field label="Notatka (wymagana)" name="note" maxLength={PAYMENT_LIMITS.noteMax} required />
                    <button type="submit" className="button small">
                      Przypisz do faktury
                    </button>
                    <button
                      type="button"
                      className="button small ghost"
                      onClick={(e) => decide(l, (e.currentTarget as HTMLButtonElement).form as HTMLFormElement, true)}
                    >
                      Odłóż z notatką
                    </button>
                  </form>
                ) : (
                  <button type="button" className="button small" onClick={() => setOpen(l.id)}>
                    Przypisz…
                  </button>
                )}
              </td>
            </tr>
          ))}
          {pages.rows.length === 0 && (
            <tr>
              <td colSpan={6}>Wszystkie wpłaty są przypisane.</td>
            </tr>
          )}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={PAYMENTS} />
    </section>
  );
}

const STATES = { overdue: 'po terminie', open: 'nieopłacone', all: 'wszystkie' } as const;

function Overdue({ onFailure, imports }: { onFailure: (e: unknown) => void; imports: number }) {
  const [state, setState] = useState<keyof typeof STATES>('overdue');
  const pages = usePages<InvoicePaymentPage, InvoicePayment>(
    `/payments/invoices?state=${state}`,
    (d) => d.invoices,
    onFailure,
  );
  useReloadOnImport(imports, pages.reload);
  return (
    <section aria-labelledby="pay-overdue">
      <h2 id="pay-overdue">Faktury i wpłaty</h2>
      <SelectField
        label="Pokaż faktury"
        className="inline"
        value={state}
        onValue={(v) => setState(v as keyof typeof STATES)}
        options={Object.entries(STATES)}
      />
      {!pages.rows ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : (
        <DataTable
          columns={['Faktura', 'Firma', 'Termin', 'Do zapłaty', 'Wpłacono', 'Stan', 'Przypomnienia']}
          className="pay-lines"
        >
          {pages.rows.map((i) => (
            <tr key={i.id} className={i.state === 'overdue' ? 'overdue' : undefined}>
              <td data-label="Faktura">{i.number}</td>
              <td data-label="Firma">
                {i.company ?? '–'} <span className="hint">{i.contract ?? ''}</span>
              </td>
              <td data-label="Termin">
                {i.dueDate}
                {i.daysOverdue > 0 && <span className="hint"> ({i.daysOverdue} dni rob. po terminie)</span>}
              </td>
              <td data-label="Do zapłaty" className="money">
                {formatPln(i.left, 2)}
              </td>
              <td data-label="Wpłacono" className="money">
                {formatPln(i.paid, 2)}
              </td>
              <td data-label="Stan">{PAYMENT_STATE_LABELS[i.state]}</td>
              <td data-label="Przypomnienia">
                {i.reminders ? `${i.reminders}, ostatnie ${when(i.lastReminderAt)}` : '–'}
              </td>
            </tr>
          ))}
          {pages.rows.length === 0 && (
            <tr>
              <td colSpan={7}>Brak faktur w tym widoku.</td>
            </tr>
          )}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={INVOICES} />
    </section>
  );
}
