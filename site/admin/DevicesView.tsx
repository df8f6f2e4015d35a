/**
 * The device registry: every rented device with its package, customer and last
 * counter reading; add, edit, import a CSV (one row per device, added or updated by serial)
 * and export it.
 */
import { useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { ViewProps } from './view-props.ts';
import type { DeviceList, DeviceListed as DeviceRow } from '../../worker/admin-shared/admin-api.ts';
import { LEVEL_NAMES, PACKAGE_LEVELS } from '../../widgets/core/model.ts';
import { levelLabel } from './labels.ts';
import { countText } from '../../widgets/core/plural.ts';
import { DEVICES } from '../../widgets/core/nouns.ts';
import { SERVICE_LIMITS } from '../../widgets/core/service-fields.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { LIMITS } from '../../widgets/core/validation.ts';
import { DataTable, Notice } from './ui.tsx';
import { Field, FilterForm, type InputProps, SelectField } from './form-kit.tsx';
import { MoreRows, usePages } from './pages.tsx';
import { CollectorsSection } from './CollectorsView.tsx';
import { SPOT_COLOUR_LABELS } from '../../widgets/core/terms.ts';

const EMPTY = {
  serial: '',
  deviceId: '',
  level: 'basic',
  contractStart: '',
  termMonths: '',
  company: '',
  nip: '',
  email: '',
  phone: '',
  city: '',
  /** A new contract's rule for single- and two-colour pages: as the terms say, unless signed otherwise. */
  spotColour: 'colour',
};
type Form = typeof EMPTY;

const formOf = (d: DeviceRow): Form => ({
  serial: d.serial,
  deviceId: d.device_id,
  level: d.level,
  contractStart: d.contract_start ?? '',
  termMonths: d.term_months ? String(d.term_months) : '',
  company: d.company,
  nip: d.nip ?? '',
  email: d.email ?? '',
  phone: d.phone ?? '',
  city: d.city ?? '',
  // The contract's rule is not the registry's to change: 'Umowy' shows it.
  spotColour: '',
});

export function DevicesView({ onFailure }: ViewProps) {
  const [models, setModels] = useState<DeviceList['models']>([]);
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<number | undefined>();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();

  const pages = usePages<DeviceList, DeviceRow>(
    '/devices',
    (d) => d.devices,
    onFailure,
    (d) => setModels(d.models),
  );
  const devices = pages.rows;
  const fetchDevices = pages.reload;
  const load = (note?: { ok: boolean; text: string }) => {
    setMessage(note);
    return fetchDevices();
  };

  const refused = (e: unknown) => (e instanceof ApiRefused ? setMessage({ ok: false, text: e.message }) : onFailure(e));

  // A colour model's contract says how its single- and two-colour pages count; a mono one has none.
  const colourModel = models.find((m) => m.id === form.deviceId)?.type === 'color';
  const save = () => {
    const request = editing
      ? api(`/devices/${editing}`, { method: 'PUT', body: form })
      : api('/devices', { method: 'POST', body: { ...form, spotColour: colourModel ? form.spotColour : '' } });
    request
      .then(() => {
        setForm(EMPTY);
        setEditing(undefined);
        return load({
          ok: true,
          text: editing ? `Zapisano urządzenie ${form.serial}.` : `Dodano urządzenie ${form.serial}.`,
        });
      })
      .catch(refused);
  };

  const importCsv = (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (!file) return;
    file
      .text()
      .then((csv) => api<{ imported: number }>('/devices/import', { method: 'POST', body: { csv } }))
      .then((r) => load({ ok: true, text: `Zaimportowano ${countText(r.imported, DEVICES)}.` }))
      .catch(refused)
      .finally(() => {
        (event.target as HTMLInputElement).value = '';
      });
  };

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const field = (key: keyof Form, label: string, extra: InputProps = {}) => (
    <Field label={label} name={key} value={form[key]} onValue={set(key)} {...extra} />
  );

  return (
    <div className="devices">
      <h1>Urządzenia</h1>
      <p className="lead">
        Rejestr dzierżawionych urządzeń: numer seryjny, model i pakiet (z cennika), umowa, klient i ostatni odczyt
        liczników. Pakiet decyduje o czasie reakcji serwisu i o rozliczeniu stron ponad limit.
      </p>
      <FilterForm
        onSubmit={save}
        aria-label={editing ? 'Edycja urządzenia' : 'Nowe urządzenie'}
        submit={editing ? 'Zapisz zmiany' : 'Dodaj urządzenie'}
        actions={
          <>
            {editing && (
              <button
                type="button"
                className="button ghost"
                onClick={() => {
                  setEditing(undefined);
                  setForm(EMPTY);
                }}
              >
                Anuluj
              </button>
            )}
            <label className="button ghost">
              Importuj CSV
              <input type="file" accept=".csv,text/csv" className="sr-only" onChange={importCsv} />
            </label>
            <a className="button ghost" href="/api/admin/devices.csv" download>
              Eksportuj CSV
            </a>
          </>
        }
      >
        {field('serial', 'Numer seryjny', { required: true, maxLength: SERVICE_LIMITS.serial })}
        <SelectField
          label="Model"
          name="deviceId"
          value={form.deviceId}
          onValue={set('deviceId')}
          options={[['', 'Wybierz…'], ...models.map((m) => [m.id, m.name] as const)]}
        />
        <SelectField
          label="Pakiet"
          name="level"
          value={form.level}
          onValue={set('level')}
          options={PACKAGE_LEVELS.map((level) => [level, LEVEL_NAMES[level]] as const)}
        />
        {!editing && colourModel && (
          <SelectField
            label="Strony w trybach jednego i dwóch kolorów"
            hint="jak w podpisanej umowie"
            className="span-2"
            name="spotColour"
            value={form.spotColour}
            onValue={set('spotColour')}
            options={[
              ['colour', SPOT_COLOUR_LABELS.colour],
              ['mono', SPOT_COLOUR_LABELS.mono],
              ['', SPOT_COLOUR_LABELS.none],
            ]}
          />
        )}
        {field('contractStart', 'Początek umowy', { type: 'date' })}
        {field('termMonths', 'Okres (miesiące)', {
          inputMode: 'numeric',
          maxLength: String(SERVICE_LIMITS.termMonths).length,
        })}
        {field('company', 'Firma', { maxLength: LIMITS.company })}
        {field('nip', 'NIP', { maxLength: LIMITS.nip })}
        {field('email', 'E-mail', { type: 'email', maxLength: LIMITS.email })}
        {field('phone', 'Telefon', { type: 'tel', maxLength: LIMITS.phone })}
        {field('city', 'Miejscowość', { maxLength: SERVICE_LIMITS.city })}
      </FilterForm>
      <p className="hint">
        Kolumny CSV: numer_seryjny; urzadzenie (np. C3320i); pakiet (Basic/Business/Premium); poczatek_umowy
        (RRRR-MM-DD); okres_miesiecy; firma; nip; email; telefon; miejscowosc. Import dodaje nowe i aktualizuje
        istniejące numery seryjne; przy błędzie w dowolnym wierszu nie zapisuje nic.
      </p>
      <Notice note={message} />
      {!devices ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : devices.length === 0 ? (
        <p>Rejestr jest pusty. Dodaj urządzenie albo zaimportuj plik CSV.</p>
      ) : (
        <DataTable
          columns={['Numer seryjny', 'Urządzenie', 'Pakiet', 'Klient', 'Miejscowość', 'Umowa', 'Ostatni odczyt']}
          actions
        >
          {devices.map((d) => (
            <tr key={d.id}>
              <td>
                <a href={`#odczyty/${encodeURIComponent(d.serial)}`}>{d.serial}</a>
              </td>
              <td>{d.device_name}</td>
              <td>{levelLabel(d.level)}</td>
              <td>
                {d.company}
                {d.nip && <span className="hint">NIP {d.nip}</span>}
              </td>
              <td>{d.city}</td>
              <td>
                {d.contract_start ?? '—'}
                {d.term_months ? `, ${d.term_months} mies.` : ''}
              </td>
              <td>
                {d.last_read_on
                  ? `${d.last_read_on}: ${d.last_mono} mono${d.last_color !== null ? ` / ${d.last_color} kolor` : ''}`
                  : '—'}
              </td>
              <td>
                <button
                  type="button"
                  className="button small ghost"
                  onClick={() => {
                    setEditing(d.id);
                    setForm(formOf(d));
                    scrollTo({ top: 0 });
                  }}
                >
                  Edytuj
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={DEVICES} />
      <CollectorsSection onFailure={onFailure} />
    </div>
  );
}
