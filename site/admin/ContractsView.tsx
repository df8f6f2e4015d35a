/**
 * Contracts: each with its customer, dates, devices (the reading link the team can send
 * again, the rates in force and every amendment with its reason), the reading reminders
 * sent, the bill of a chosen month, and an amendment form (owner and sales: the server
 * refuses the others).
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { ViewProps } from './view-props.ts';
import type { Bill, ContractList, ContractListed } from '../../worker/admin-shared/admin-api.ts';
import { decimalText, formatPln, formatRate } from '../../widgets/core/format.ts';
import { parseDecimal } from '../../worker/admin-shared/catalogue-rules.ts';
import { PAGE_COUNTING } from '../../widgets/core/terms.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { LIMITS } from '../../widgets/core/validation.ts';
import { EMAIL_STATE_LABELS, levelLabel, spotColourText, when } from './labels.ts';
import { MoreRows, usePages } from './pages.tsx';
import { CollectorCode } from './CollectorsView.tsx';
import { CONTRACTS } from '../../widgets/core/nouns.ts';
import { DataTable, Notice } from './ui.tsx';
import { thisMonth } from './months.ts';
import { Field, FilterForm, SelectField } from './form-kit.tsx';
import { dateText } from '../../widgets/core/dates.ts';

const pln = (n: number) => formatPln(n, 2);
/** A rate or limit in an input, with the Polish decimal comma ('' for none). */
const shown = (n: number | null | undefined) => (n === null || n === undefined ? '' : decimalText(n));
type Note = { ok: boolean; text: string } | undefined;

const ORIGIN_LABELS: Record<ContractListed['origin'], string> = {
  team: 'wpisana przez zespół',
  order: 'zamówienie online',
  migration: 'z rejestru urządzeń',
};

export function ContractsView({ onFailure }: ViewProps) {
  const [message, setMessage] = useState<Note>();
  const refused = useCallback(
    (e: unknown) => (e instanceof ApiRefused ? setMessage({ ok: false, text: e.message }) : onFailure(e)),
    [onFailure],
  );
  const pages = usePages<ContractList, ContractListed>('/contracts', (d) => d.contracts, refused);
  const contracts = pages.rows;
  const load = pages.reload;

  return (
    <div className="contracts">
      <h1>Umowy</h1>
      <p className="hint">
        Ceny, limity i stawki każdego urządzenia są zamrożone z cennika obowiązującego w dniu podpisania umowy; nowy
        cennik ich nie zmienia. Zmiana ceny to aneks od pierwszego dnia miesiąca, z powodem.
      </p>
      <Notice note={message} />
      {!contracts ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : contracts.length === 0 ? (
        <p>Brak umów.</p>
      ) : (
        contracts.map((c) => (
          <Contract
            key={c.id}
            contract={c}
            onDone={(text) => {
              setMessage({ ok: true, text });
              void load();
            }}
            onRefused={refused}
          />
        ))
      )}
      <MoreRows pages={pages} noun={CONTRACTS} />
    </div>
  );
}

function Contract({
  contract: c,
  onDone,
  onRefused,
}: {
  contract: ContractListed;
  onDone: (text: string) => void;
  onRefused: (e: unknown) => void;
}) {
  return (
    <details className="card contract">
      <summary>
        <strong>{c.number}</strong> · {c.company || '—'}
        {c.nip ? ` · NIP ${c.nip}` : ''} · {dateText(c.startDate)}–{dateText(c.endDate)}
        {c.companyAddress ? ` · ${c.companyAddress}` : ''}
      </summary>
      <p>
        Adres do faktur i przypomnień: {c.billingEmail ?? '—'} · {c.termMonths} mies. · cennik w wersji{' '}
        {c.catalogueVersion} · {ORIGIN_LABELS[c.origin]}
      </p>
      {spotColourText(c) && <p>{spotColourText(c)}</p>}
      {c.buyerUnit && (
        <p>
          {c.buyerJst
            ? 'Nabywca: JST; fakturę otrzymuje jednostka podrzędna'
            : 'Nabywca: grupa VAT; fakturę otrzymuje członek'}{' '}
          (Podmiot3, rola {c.buyerJst ? 8 : 10}): {c.buyerUnit.name} · NIP {c.buyerUnit.nip}
          {c.buyerUnit.address ? ` · ${c.buyerUnit.address}` : ''}
        </p>
      )}
      <BillingEmail contract={c} onDone={onDone} onRefused={onRefused} />
      <DataTable
        columns={[
          'Numer seryjny',
          'Urządzenie, pakiet',
          'Abonament',
          'W cenie mono / kolor',
          'Stawki',
          'Link do odczytu',
        ]}
        className="contract-devices"
      >
        {c.devices.map((d) => (
          <tr key={d.serial}>
            <td>{d.serial}</td>
            <td>
              {d.rates.deviceName}, {levelLabel(d.rates.level)}
            </td>
            <td className="num">{pln(d.rates.monthlyPrice)}</td>
            <td className="num">
              {d.rates.monthlyLimit} / {d.rates.colorLimit ?? '—'}
            </td>
            <td className="num">
              {formatRate(d.rates.overageMono)}
              {d.rates.overageColor !== null ? ` / ${formatRate(d.rates.overageColor)}` : ''}
            </td>
            <td>
              {d.readingLink ? (
                <a href={d.readingLink} className="reading-link">
                  {d.readingLink}
                </a>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <h3>Historia cen</h3>
      <ul className="rates-history">
        {c.devices.flatMap((d) =>
          d.ratesHistory.map((r) => (
            <li key={`${d.serial}-${r.effectiveFrom}`}>
              {d.serial}, od {dateText(r.effectiveFrom)}: {pln(r.monthlyPrice)}, {r.monthlyLimit}/{r.colorLimit ?? '—'}{' '}
              stron, {formatRate(r.overageMono)}
              {r.overageColor !== null ? ` / ${formatRate(r.overageColor)}` : ''} ·{' '}
              {r.catalogueVersion !== null ? `cennik w wersji ${r.catalogueVersion}` : `aneks: ${r.reason ?? ''}`}{' '}
              <span className="hint">
                {r.createdBy}, {when(r.createdAt)}
              </span>
            </li>
          )),
        )}
      </ul>
      <h3>Przypomnienia o odczycie</h3>
      {c.reminders.length === 0 ? (
        <p className="hint">Jeszcze żadne (wysyłamy 25. dnia miesiąca na adres do faktur).</p>
      ) : (
        <ul>
          {c.reminders.map((r) => (
            <li key={r.period}>
              {r.period}: {when(r.sentAt)} · {r.state ? (EMAIL_STATE_LABELS[r.state] ?? r.state) : '—'}
            </li>
          ))}
        </ul>
      )}
      <ContractBill contract={c} onRefused={onRefused} />
      <CollectorCode contract={c} onRefused={onRefused} />
      <Amendment contract={c} onDone={onDone} onRefused={onRefused} />
    </details>
  );
}

/**
 * The contract's billing address: where its reminders go and who signs in to /konto. A
 * person's erasure takes it off; the team types the new one here (the form keeps what was typed).
 */
function BillingEmail({
  contract,
  onDone,
  onRefused,
}: {
  contract: ContractListed;
  onDone: (text: string) => void;
  onRefused: (e: unknown) => void;
}) {
  const [email, setEmail] = useState(contract.billingEmail ?? '');
  const save = () =>
    api<{ billingEmail: string }>(`/contracts/${contract.id}/billing-email`, {
      method: 'POST',
      body: { billingEmail: email },
    })
      .then((r) => onDone(`Umowa ${contract.number}: nowy adres do faktur ${r.billingEmail}.`))
      .catch(onRefused);
  return (
    <FilterForm
      card={false}
      aria-label={`Adres do faktur umowy ${contract.number}`}
      submit="Zapisz adres"
      onSubmit={save}
    >
      {!contract.billingEmail && (
        <p className="error">
          Umowa nie ma adresu do faktur (nie wpisano go albo usunęliśmy go na żądanie osoby): nie wysyłamy przypomnień o
          odczycie i nikt nie zaloguje się do strefy klienta. Wpisz adres.
        </p>
      )}
      <Field label="Adres do faktur" type="email" value={email} maxLength={LIMITS.email} required onValue={setEmail} />
    </FilterForm>
  );
}

function ContractBill({ contract, onRefused }: { contract: ContractListed; onRefused: (e: unknown) => void }) {
  const [period, setPeriod] = useState(thisMonth());
  const [bill, setBill] = useState<Bill | null | undefined>();
  useEffect(() => {
    if (!/^\d{4}-\d{2}$/.test(period)) return;
    api<{ bill: Bill }>(`/contracts/${contract.id}/bill?period=${period}`)
      .then((d) => setBill(d.bill))
      .catch((e: unknown) => (e instanceof ApiRefused && e.status === 404 ? setBill(null) : onRefused(e)));
  }, [contract.id, period, onRefused]);
  return (
    <>
      <h3>Rozliczenie</h3>
      <Field label="Okres" type="month" value={period} onValue={setPeriod} />
      {bill === null && <p>Umowa nie obowiązuje w tym okresie.</p>}
      {bill && (
        <p>
          Abonament {pln(bill.feeNet)} + ponad limit {pln(bill.overageNet)} = <strong>{pln(bill.net)} netto</strong>,
          VAT {pln(bill.vat)}, brutto {pln(bill.gross)}
        </p>
      )}
      <p className="hint">{PAGE_COUNTING}</p>
    </>
  );
}

function Amendment({
  contract,
  onDone,
  onRefused,
}: {
  contract: ContractListed;
  onDone: (text: string) => void;
  onRefused: (e: unknown) => void;
}) {
  const first = contract.devices[0];
  const [v, setV] = useState({
    serial: first?.serial ?? '',
    month: thisMonth(),
    monthlyPrice: shown(first?.rates.monthlyPrice),
    monthlyLimit: shown(first?.rates.monthlyLimit),
    colorLimit: shown(first?.rates.colorLimit),
    overageMono: shown(first?.rates.overageMono),
    overageColor: shown(first?.rates.overageColor),
    reason: '',
  });
  // Typed as the team writes numbers: '0,09' or '0.09', '1 000'; anything else is sent as null and refused in Polish.
  const num = (s: string) => {
    const n = parseDecimal(s);
    return Number.isNaN(n) ? null : n;
  };
  const save = () =>
    api('/amendments', {
      method: 'POST',
      body: {
        serial: v.serial,
        effectiveFrom: `${v.month}-01`,
        monthlyPrice: num(v.monthlyPrice),
        monthlyLimit: num(v.monthlyLimit),
        colorLimit: v.colorLimit.trim() ? num(v.colorLimit) : null,
        overageMono: num(v.overageMono),
        overageColor: v.overageColor.trim() ? num(v.overageColor) : null,
        reason: v.reason,
      },
    })
      .then(() => onDone(`Zapisano aneks od ${v.month}-01.`))
      .catch(onRefused);
  const set = (key: keyof typeof v) => (value: string) => setV((s) => ({ ...s, [key]: value }));
  const field = (key: keyof typeof v, label: string, inputMode?: 'decimal' | 'numeric') => (
    <Field label={label} value={v[key]} inputMode={inputMode} onValue={set(key)} />
  );
  return (
    <FilterForm card={false} aria-label={`Aneks do umowy ${contract.number}`} submit="Zapisz aneks" onSubmit={save}>
      <h3>Aneks: zmiana cen od miesiąca</h3>
      <SelectField
        label="Urządzenie"
        value={v.serial}
        onValue={set('serial')}
        options={contract.devices.map((d) => [d.serial, d.serial] as const)}
      />
      <Field label="Od miesiąca" type="month" value={v.month} onValue={set('month')} />
      {field('monthlyPrice', 'Abonament netto (zł)', 'decimal')}
      {field('monthlyLimit', 'Strony mono w cenie', 'numeric')}
      {field('colorLimit', 'Strony kolor w cenie', 'numeric')}
      {field('overageMono', 'Stawka mono (zł)', 'decimal')}
      {field('overageColor', 'Stawka kolor (zł)', 'decimal')}
      {field('reason', 'Powód aneksu')}
    </FilterForm>
  );
}
