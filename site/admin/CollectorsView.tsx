/**
 * Collectors on customers' networks (docs/collector.md "Worker side"): on a contract, the owner
 * creates its site's collector and sees its enrolment code once; under 'Urządzenia', each site's
 * state: enrolled, the last push and device report, the failed polls, the serials not on the contract,
 * each of which the owner may move to that site (a device carried there: read there under its own contract).
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { CollectorCreated, CollectorList, ContractListed } from '../../worker/admin-shared/admin-api.ts';
import { DataTable, Notice } from './ui.tsx';
import { when } from './labels.ts';

/** Polish names of a failed poll's reason (collector/poll.mjs). */
const FAILURE_LABELS: Record<string, string> = {
  timeout: 'brak odpowiedzi',
  auth: 'odmowa SNMPv3 (hasło)',
  error: 'błąd odczytu',
};

/** On a contract: a collector for its site, the code shown once with the command to run. */
export function CollectorCode({ contract, onRefused }: { contract: ContractListed; onRefused: (e: unknown) => void }) {
  const [created, setCreated] = useState<CollectorCreated | undefined>();
  const create = () =>
    api<CollectorCreated>('/collectors', { method: 'POST', body: { contractId: contract.id } })
      .then(setCreated)
      .catch(onRefused);
  return (
    <>
      <h3>Kolektor (odczyty automatyczne)</h3>
      {created ? (
        <div className="notice" role="status">
          <p>
            Kod rejestracji kolektora {created.id}: <strong>{created.code}</strong> – pokazujemy go tylko teraz, ważny
            do {when(created.expiresAt)}, jednorazowy.
          </p>
          <p>
            Na komputerze w sieci klienta:{' '}
            <code>
              npm run collector -- --api {location.origin} --code {created.code} --hosts 192.168.1.0/24 --state
              state.json --once
            </code>
          </p>
        </div>
      ) : (
        <button type="button" className="button small ghost" onClick={create}>
          Utwórz kolektor i kod rejestracji
        </button>
      )}
    </>
  );
}

/** The sites' columns, each also a row's label where the table becomes cards (375 px). */
const SITE_COLUMNS = [
  'Umowa',
  'Stan',
  'Ostatnia przesyłka',
  'Urządzenia',
  'Nieudane odczyty',
  'Bez odczytu 3 dni',
  'Spoza umowy',
] as const;

/** Under 'Urządzenia': every collector site's state. */
export function CollectorsSection({ onFailure }: { onFailure: (e: unknown) => void }) {
  const [list, setList] = useState<CollectorList | undefined>();
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const refused = useCallback(
    (e: unknown) => (e instanceof ApiRefused ? setNote({ ok: false, text: e.message }) : onFailure(e)),
    [onFailure],
  );
  const load = useCallback(() => api<CollectorList>('/collectors').then(setList).catch(refused), [refused]);
  useEffect(() => void load(), [load]);
  const move = (serial: string, site: CollectorList['collectors'][number]) =>
    api<{ home: boolean }>(`/collectors/${encodeURIComponent(site.id)}/devices`, { method: 'POST', body: { serial } })
      .then((r) => {
        setNote({
          ok: true,
          text: r.home
            ? `Urządzenie ${serial} wróciło do kolektora swojej umowy ${site.contract}.`
            : `Przeniesiono urządzenie ${serial} do kolektora umowy ${site.contract}: jego odczyty stąd liczą się w jego własnej umowie.`,
        });
        return load();
      })
      .catch(refused);
  return (
    <section aria-labelledby="collectors-title">
      <h2 id="collectors-title">Kolektory (liczniki urządzeń)</h2>
      <Notice note={note} />
      {!list ? null : list.collectors.length === 0 ? (
        <p className="hint">Żadnego kolektora. Utworzysz go na umowie (Umowy → Kolektor).</p>
      ) : (
        <DataTable columns={SITE_COLUMNS} className="collector-sites">
          {list.collectors.map((s) => (
            <tr key={s.id}>
              <td data-label={SITE_COLUMNS[0]}>
                {s.contract}
                <span className="hint">{s.company}</span>
              </td>
              <td data-label={SITE_COLUMNS[1]}>
                {s.enrolledAt ? `zarejestrowany ${when(s.enrolledAt)}` : 'czeka na rejestrację kodem'}
              </td>
              <td data-label={SITE_COLUMNS[2]}>
                {s.lastPushAt ? when(s.lastPushAt) : '—'}
                {s.lastReportAt && <span className="hint">ostatni odczyt urządzenia {when(s.lastReportAt)}</span>}
              </td>
              <td data-label={SITE_COLUMNS[3]}>{s.devices}</td>
              <td data-label={SITE_COLUMNS[4]}>
                {s.failures.length === 0
                  ? '—'
                  : s.failures.map((f) => `${f.host}: ${FAILURE_LABELS[f.reason] ?? f.reason}`).join(', ')}
              </td>
              <td data-label={SITE_COLUMNS[5]}>
                {s.fallenOff.length === 0
                  ? '—'
                  : s.fallenOff.map((d) => `${d.serial} (od ${when(d.since)})`).join(', ')}
              </td>
              <td data-label={SITE_COLUMNS[6]}>
                {s.unknownSerials.length === 0
                  ? '—'
                  : s.unknownSerials.map((serial) => (
                      <span key={serial} className="moved-serial">
                        {serial}{' '}
                        <button
                          type="button"
                          className="button small ghost"
                          aria-label={`Przenieś ${serial} do kolektora umowy ${s.contract}`}
                          onClick={() => move(serial, s)}
                        >
                          Przenieś tutaj
                        </button>
                      </span>
                    ))}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
