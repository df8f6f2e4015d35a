/**
 * Collectors on customers' networks (docs/collector.md "Worker side"): on a contract, the owner
 * creates its site's collector and sees its enrolment code once; under 'Urządzenia', each site's
 * state: enrolled, the last push and device report, the failed polls, the serials not on the contract.
 */
import { useEffect, useState } from 'react';
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

/** Under 'Urządzenia': every collector site's state. */
export function CollectorsSection({ onFailure }: { onFailure: (e: unknown) => void }) {
  const [list, setList] = useState<CollectorList | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    api<CollectorList>('/collectors')
      .then(setList)
      .catch((e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e)));
  }, [onFailure]);
  return (
    <section aria-labelledby="collectors-title">
      <h2 id="collectors-title">Kolektory (liczniki urządzeń)</h2>
      <Notice note={error ? { ok: false, text: error } : undefined} />
      {!list ? null : list.collectors.length === 0 ? (
        <p className="hint">Żadnego kolektora. Utworzysz go na umowie (Umowy → Kolektor).</p>
      ) : (
        <DataTable
          columns={[
            'Umowa',
            'Stan',
            'Ostatnia przesyłka',
            'Urządzenia',
            'Nieudane odczyty',
            'Bez odczytu 3 dni',
            'Spoza umowy',
          ]}
        >
          {list.collectors.map((s) => (
            <tr key={s.id}>
              <td>
                {s.contract}
                <span className="hint">{s.company}</span>
              </td>
              <td>{s.enrolledAt ? `zarejestrowany ${when(s.enrolledAt)}` : 'czeka na rejestrację kodem'}</td>
              <td>
                {s.lastPushAt ? when(s.lastPushAt) : '—'}
                {s.lastReportAt && <span className="hint">ostatni odczyt urządzenia {when(s.lastReportAt)}</span>}
              </td>
              <td>{s.devices}</td>
              <td>
                {s.failures.length === 0
                  ? '—'
                  : s.failures.map((f) => `${f.host}: ${FAILURE_LABELS[f.reason] ?? f.reason}`).join(', ')}
              </td>
              <td>
                {s.fallenOff.length === 0
                  ? '—'
                  : s.fallenOff.map((d) => `${d.serial} (od ${when(d.since)})`).join(', ')}
              </td>
              <td>{s.unknownSerials.length === 0 ? '—' : s.unknownSerials.join(', ')}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
