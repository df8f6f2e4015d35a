/**
 * Orders placed online: the delivery calendar by day and city, the list, and one order
 * with its document and acceptance trail, where the team records the installation
 * protocol (date, serial, starting counters) that starts the contract.
 */
import { useEffect, useState } from 'react';
import { ApiRefused, api, apiDownload } from './api.ts';
import type { SessionViewProps, ViewProps } from './view-props.ts';
import { rolesOfRequest } from '../../worker/admin-shared/roles.ts';
import {
  type DeliveryCalendar,
  type OrderDetail,
  type OrderListRow,
  ORDER_STATUS_LABELS,
} from '../../worker/admin-shared/admin-api-orders.ts';
import { VERIFY_LIMITS, VERIFY_PHONE_SOURCES } from '../../widgets/core/limits.ts';
import { deliveryDayText } from '../../worker/admin-shared/delivery.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { warsawDay, warsawToday } from '../../widgets/core/warsaw-time.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { spotColourOfTerms } from '../../widgets/core/terms.ts';
import { spotColourText, when } from './labels.ts';
import { DataTable, Notice } from './ui.tsx';
import { Field, SelectField } from './form-kit.tsx';
import { MoreRows, usePages } from './pages.tsx';
import { ORDERS } from '../../widgets/core/nouns.ts';
import type { ListPage } from '../../worker/admin-shared/admin-api.ts';

export function OrdersView({ onFailure, orderId, session }: SessionViewProps & { orderId?: string | undefined }) {
  if (orderId) return <OrderCard id={orderId} onFailure={onFailure} role={session.role} />;
  return <OrderList onFailure={onFailure} />;
}

function OrderList({ onFailure }: ViewProps) {
  const [calendar, setCalendar] = useState<DeliveryCalendar | undefined>();
  const pages = usePages<ListPage & { orders: OrderListRow[] }, OrderListRow>('/orders', (d) => d.orders, onFailure);
  const rows = pages.rows;
  useEffect(() => {
    api<DeliveryCalendar>('/orders/calendar').then(setCalendar).catch(onFailure);
  }, [onFailure]);
  const byDay = new Map<string, DeliveryCalendar['days']>();
  for (const d of calendar?.days ?? []) byDay.set(d.day, [...(byDay.get(d.day) ?? []), d]);
  return (
    <div className="orders">
      <h1>Zamówienia online</h1>
      <p className="lead">
        Umowy podpisane kodem na stronie zamówienia. Po instalacji wpisz protokół: utworzy umowę z cenami z wyceny.
      </p>
      <h2>Kalendarz dostaw</h2>
      {!calendar ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : (
        <DataTable columns={['Dzień', 'Miasta (zamówienia)', 'Zajęte ekipy']}>
          {[...byDay.entries()].map(([day, cities]) => (
            <tr key={day}>
              <td>{deliveryDayText(day)}</td>
              <td>
                {cities
                  .map((c) => `${c.city} (${c.orders}${c.installed ? `, zainstalowane ${c.installed}` : ''})`)
                  .join(', ')}
              </td>
              <td>
                {cities.reduce((n, c) => n + c.orders, 0)} z {calendar.installationsPerDay}
              </td>
            </tr>
          ))}
          {byDay.size === 0 && (
            <tr>
              <td colSpan={3}>Brak zaplanowanych dostaw.</td>
            </tr>
          )}
        </DataTable>
      )}
      <h2>Zamówienia</h2>
      {!rows ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : (
        <DataTable columns={['Złożono', 'Wycena', 'Firma', 'Podpisuje', 'Dostawa', 'Stan']} actions>
          {rows.map((o) => (
            <tr key={o.id}>
              <td>{when(o.created_at)}</td>
              <td>{o.quote_number ?? '–'}</td>
              <td>
                {o.company_name} <span className="hint">NIP {o.company_nip}</span>
              </td>
              <td>{o.signer_name}</td>
              <td>
                {deliveryDayText(o.delivery_date)}, {o.delivery_city}
              </td>
              <td>{ORDER_STATUS_LABELS[o.status]}</td>
              <td>
                <a className="button small" href={`#zamowienia/${o.id}`}>
                  Szczegóły
                </a>
              </td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={7}>Brak zamówień.</td>
            </tr>
          )}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={ORDERS} />
    </div>
  );
}

/** What was checked by hand, from the stored JSON, before the note ('' for an order verified before it was kept). */
function checkedText(json: string | null): string {
  if (!json) return '';
  const c = JSON.parse(json) as { kind: string; document?: string; phone?: string; source?: string };
  return c.kind === 'document'
    ? `dokument: ${c.document ?? ''}; `
    : `telefon ${c.phone ?? ''} (numer z ${c.source ?? ''}); `;
}

/** What the owner checked to verify a company by hand (the API's `check`). */
const CHECKS = [
  ['document', 'Dokument firmy (np. odpis z KRS, pełnomocnictwo)'],
  ['phone', 'Telefon pod numer firmy z rejestru (nie z zamówienia)'],
] as const;

function OrderCard({ id, onFailure, role }: ViewProps & { id: string; role: SessionViewProps['session']['role'] }) {
  const [detail, setDetail] = useState<OrderDetail | undefined>();
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const [form, setForm] = useState({ installedOn: warsawToday(), serial: '', mono: '', color: '', termMonths: '' });
  const [checked, setChecked] = useState({ check: 'document', document: '', phone: '', phoneSource: '', note: '' });
  const [invalid, setInvalid] = useState<string | undefined>();
  const load = () =>
    api<OrderDetail>(`/orders/${encodeURIComponent(id)}`)
      .then(setDetail)
      .catch(onFailure);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one order per id; `load` is a new closure every render
  useEffect(() => void load(), [id]);
  if (!detail) return <p role="status">{FALLBACK.loading}</p>;
  const { order, quote, contract, verification } = detail;
  const refused = (error: unknown) =>
    error instanceof ApiRefused ? setNote({ ok: false, text: error.message }) : onFailure(error);
  const mayVerify = rolesOfRequest('POST', `/api/admin/orders/${id}/verify`).includes(role);
  const mayDownloadEvidence = rolesOfRequest('GET', `/api/admin/orders/${id}/evidence`).includes(role);
  const verify = (e: Event) => {
    e.preventDefault();
    const body =
      checked.check === 'document'
        ? { check: 'document', document: checked.document, note: checked.note }
        : { check: 'phone', phone: checked.phone, phoneSource: checked.phoneSource, note: checked.note };
    api(`/orders/${encodeURIComponent(id)}/verify`, { method: 'POST', body })
      .then(() => {
        setInvalid(undefined);
        setNote({
          ok: true,
          text: 'Zamówienie zweryfikowane ręcznie; zapisano, co sprawdzono. Instalację wpisuje inna osoba.',
        });
        return load();
      })
      .catch((error: unknown) => {
        if (error instanceof ApiRefused) setInvalid((error.data as { field?: string } | null)?.field);
        refused(error);
      });
  };
  const setCheck = (key: keyof typeof checked) => (value: string) => setChecked({ ...checked, [key]: value });
  const evidence = () =>
    apiDownload(`/orders/${encodeURIComponent(id)}/evidence`)
      .then(({ blob, filename }) => {
        const a = document.createElement('a');
        a.href = URL.createObjectURL(blob);
        a.download = filename;
        a.click();
        URL.revokeObjectURL(a.href);
      })
      .catch(refused);
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const number = (s: string) => (s.trim() === '' ? null : Number(s.replace(/\s/g, '')));
  const install = (e: Event) => {
    e.preventDefault();
    api<{ contract: { number: string } }>(`/orders/${encodeURIComponent(id)}/installation`, {
      method: 'POST',
      body: {
        installedOn: form.installedOn,
        serial: form.serial,
        mono: number(form.mono),
        color: quote?.colour ? number(form.color) : null,
        termMonths: quote?.term === 'short' ? number(form.termMonths) : null,
      },
    })
      .then((r) => {
        setNote({
          ok: true,
          text: `Zapisano protokół instalacji. Umowa ${r.contract.number} trwa od ${form.installedOn}.`,
        });
        return load();
      })
      .catch(refused);
  };
  const verified = verification.state === 'verified';
  const rows: [string, string][] = [
    ['Stan', ORDER_STATUS_LABELS[order.status]],
    [
      'Weryfikacja',
      order.status === 'awaiting_acceptance'
        ? '–'
        : verified
          ? `zweryfikowane ${when(verification.at)}: ${verification.method === 'transfer' ? 'przelew z rachunku z wykazu VAT' : `ręcznie (${order.verified_by ?? ''}): ${checkedText(order.verified_check)}${order.verified_note ?? ''}`}`
          : 'do weryfikacji (przelew z rachunku z wykazu VAT albo sprawdzenie przez właściciela)',
    ],
    [
      'Wycena',
      quote ? `${quote.number}: ${quote.deviceName}, ${quote.levelName}, ${formatPln(quote.monthlyNet, 2)} netto` : '–',
    ],
    ['Firma', `${order.company_name}, ${order.company_address}`],
    ['NIP / REGON / KRS', [order.company_nip, order.company_regon, order.company_krs].map((v) => v ?? '–').join(' / ')],
    ['Status VAT (wykaz MF)', order.vat_status ?? 'dane wpisane ręcznie – sprawdź'],
    ['Kod wysłano', when(order.code_sent_at)],
    ['Podpisuje', `${order.signer_name}, ${order.signer_position}, ${order.signer_email}, tel. ${order.signer_phone}`],
    ['Dostawa', `${deliveryDayText(order.delivery_date)}, ${order.delivery_city}, ${order.delivery_address}`],
    ['Zaakceptowano', order.accepted_at ? `${when(order.accepted_at)}, IP ${order.accepted_ip ?? '–'}` : 'jeszcze nie'],
    ['Przeglądarka', order.accepted_user_agent ?? '–'],
    ['Warunki najmu', `wersja ${order.terms_version} (SHA-256 ${order.terms_sha256})`],
    ['SHA-256 umowy', order.document_sha256],
    ['Kody', `wysłano ${order.codes_sent}, błędnych prób ostatniego ${order.code_attempts}`],
  ];
  return (
    <div className="orders">
      <p>
        <a href="#zamowienia">← Wszystkie zamówienia</a>
      </p>
      <h1>Zamówienie {quote?.number ?? ''}</h1>
      <Notice note={note} />
      <DataTable columns={['Pole', 'Wartość']}>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </DataTable>
      <p>
        <a href={`#leady/${encodeURIComponent(order.lead_id)}`}>Lead tego zamówienia</a> ·{' '}
        <a href={`/zamowienie/${order.quote_id}/umowa.txt`} target="_blank" rel="noopener">
          Umowa (TXT)
        </a>
        {order.status !== 'awaiting_acceptance' && mayDownloadEvidence && (
          <>
            {' · '}
            <button type="button" className="button small ghost" onClick={evidence}>
              Pobierz dowody (JSON)
            </button>
          </>
        )}
      </p>
      {order.status === 'signed' && !verified && !mayVerify && (
        <p className="hint">
          Firmę weryfikuje przelew z rachunku z wykazu VAT albo właściciel (dokument lub telefon pod numer z rejestru).
        </p>
      )}
      {order.status === 'signed' && !verified && mayVerify && (
        <form onSubmit={verify} className="stack" aria-labelledby="verify-heading">
          <h2 id="verify-heading">Weryfikacja ręczna</h2>
          <p className="hint">
            Przelew z rachunku spoza wykazu niczego nie potwierdza. Zweryfikuj firmę dokumentem albo telefonem pod numer
            z rejestru (KRS, CEIDG, BIP), nigdy pod numer podany w zamówieniu. Instalację wpisze potem inna osoba.
          </p>
          <SelectField
            label="Co sprawdzono"
            required
            options={CHECKS}
            value={checked.check}
            onValue={setCheck('check')}
            aria-invalid={invalid === 'check' || undefined}
          />
          {checked.check === 'document' ? (
            <Field
              label="Nazwa dokumentu"
              hint="np. odpis aktualny z KRS 0000012345 z 2.12.2026"
              required
              minLength={VERIFY_LIMITS.documentMin}
              maxLength={VERIFY_LIMITS.documentMax}
              value={checked.document}
              onValue={setCheck('document')}
              invalid={invalid === 'document'}
            />
          ) : (
            <>
              <Field
                label="Numer telefonu z rejestru"
                type="tel"
                required
                value={checked.phone}
                onValue={setCheck('phone')}
                invalid={invalid === 'phone'}
              />
              <SelectField
                label="Rejestr, z którego wzięto numer"
                required
                options={[['', 'Wybierz'], ...VERIFY_PHONE_SOURCES.map((s) => [s, s] as const)]}
                value={checked.phoneSource}
                onValue={setCheck('phoneSource')}
                aria-invalid={invalid === 'phoneSource' || undefined}
              />
            </>
          )}
          <label>
            Co potwierdzono (wymagane)
            <textarea
              required
              minLength={VERIFY_LIMITS.noteMin}
              maxLength={VERIFY_LIMITS.noteMax}
              value={checked.note}
              aria-invalid={invalid === 'note' || undefined}
              onInput={(e) => setCheck('note')((e.target as HTMLTextAreaElement).value)}
            />
          </label>
          <button type="submit" className="button">
            Zweryfikuj firmę
          </button>
        </form>
      )}
      {contract && (
        <>
          <h2>Umowa {contract.number}</h2>
          <p>
            Od {contract.startDate} do {contract.endDate} ({contract.termMonths} mies.). Urządzenia:{' '}
            {contract.devices.map((d) => `${d.serial} (${formatPln(d.rates.monthlyPrice, 2)} netto)`).join(', ')}
          </p>
          {spotColourText(contract) && <p>{spotColourText(contract)}</p>}
        </>
      )}
      {order.status === 'signed' && verified && (
        <form onSubmit={install} className="stack">
          <h2>Protokół instalacji</h2>
          <Field
            label="Data instalacji"
            type="date"
            required
            value={form.installedOn}
            min={order.accepted_at ? warsawDay(new Date(order.accepted_at)) : undefined}
            max={warsawToday()}
            onValue={set('installedOn')}
          />
          <Field label="Numer seryjny" required value={form.serial} onValue={set('serial')} autoComplete="off" />
          <Field label="Początkowy licznik mono" required inputMode="numeric" value={form.mono} onValue={set('mono')} />
          {quote?.colour && (
            <Field
              label="Początkowy licznik kolor"
              hint={
                spotColourOfTerms(order.terms_version) === 'colour'
                  ? 'Suma liczników pełnego koloru, jednego koloru i dwóch kolorów: tak warunki umowy liczą strony kolorowe.'
                  : undefined
              }
              required
              inputMode="numeric"
              value={form.color}
              onValue={set('color')}
            />
          )}
          {quote?.term === 'short' && (
            <Field
              label="Okres umowy (miesiące)"
              required
              inputMode="numeric"
              value={form.termMonths}
              onValue={set('termMonths')}
            />
          )}
          <button type="submit" className="button">
            Zapisz protokół i rozpocznij umowę
          </button>
        </form>
      )}
      <h2>Treść umowy</h2>
      <pre className="document">{order.document}</pre>
    </div>
  );
}
