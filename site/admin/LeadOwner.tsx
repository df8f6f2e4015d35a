/**
 * Lead ownership in the panel (issue 18): who handles a lead, 'Przejmij' (take it),
 * the owner's choice of person, and the overdue mark of new leads not answered within
 * 24 business hours (widgets/core/business-hours.ts).
 */
import { useEffect, useState } from 'react';
import { businessHoursBetween } from '../../widgets/core/business-hours.ts';
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import { ApiRefused, api } from './api.ts';
import type { Session } from './App.tsx';
import type { Assignee as Person, PeopleList } from '../../widgets/core/admin-api.ts';

/** A new lead nobody has answered within the target. */
export const isOverdue = (
  lead: { status: string; firstResponseAt?: string | null; createdAt: string },
  now = new Date(),
) =>
  lead.status === 'nowy' &&
  !lead.firstResponseAt &&
  businessHoursBetween(new Date(lead.createdAt), now) > FIRST_ANSWER_HOURS;

let peopleOnce: Promise<Person[]> | undefined;

/** The people leads can be given to, fetched once per page. */
export function usePeople(): Person[] {
  const [people, setPeople] = useState<Person[]>([]);
  useEffect(() => {
    peopleOnce ??= api<PeopleList>('/leads/people').then((r) => r.people);
    peopleOnce.then(setPeople).catch(() => {
      peopleOnce = undefined;
    });
  }, []);
  return people;
}

export function LeadOwner({
  lead,
  session,
  onChanged,
  onFailure,
}: {
  lead: { id: string; assignedTo?: number | null };
  session: Session;
  onChanged: (text: string) => void;
  onFailure: (e: unknown) => void;
}) {
  const people = usePeople();
  const [error, setError] = useState<string | undefined>();
  const owner = people.find((p) => p.id === lead.assignedTo);
  const act = (path: string, body: unknown, text: string) =>
    api<{ emailed: boolean }>(`/leads/${encodeURIComponent(lead.id)}/${path}`, { method: 'POST', body })
      .then((r) => onChanged(r.emailed ? `${text} Wysłaliśmy e-mail do tej osoby.` : text))
      .catch((e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e)));
  const mine = lead.assignedTo === session.accountId;

  return (
    <section className="card" aria-labelledby="owner">
      <h2 id="owner">Prowadzi</h2>
      <p>{owner ? owner.name : lead.assignedTo ? 'osoba spoza zespołu' : 'nikt — lead nieprzypisany'}</p>
      {!mine && (
        <button type="button" className="button" onClick={() => void act('take', {}, 'Lead jest teraz Twój.')}>
          Przejmij lead
        </button>
      )}
      {session.role === 'owner' && (
        <label>
          Przypisz osobie
          <select
            value={lead.assignedTo ?? ''}
            onChange={(e) => {
              const value = (e.target as HTMLSelectElement).value;
              const person = people.find((p) => String(p.id) === value);
              void act(
                'assign',
                { accountId: value ? Number(value) : null },
                person ? `Przypisano: ${person.name}.` : 'Lead nie jest już przypisany.',
              );
            }}
          >
            <option value="">— nikt —</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
