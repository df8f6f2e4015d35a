/**
 * Lead ownership in the panel: who handles a lead, 'Przejmij' (take it; a colleague who
 * had it gets an e-mail), the owner's choice of person, and the overdue mark of leads not
 * answered by their first-answer deadline (worker/admin-shared/pipeline.ts).
 */
import { useEffect, useState } from 'react';
import { firstAnswerDeadline, isOpenStage } from '../../worker/admin-shared/pipeline.ts';
import { ApiRefused, api } from './api.ts';
import { SelectField } from './form-kit.tsx';
import type { Session } from './view-props.ts';
import type { Assignee as Person, PeopleList } from '../../worker/admin-shared/admin-api.ts';

/** A lead nobody has answered by its first-answer deadline. */
export const isOverdue = (
  lead: { stage: string; firstResponseAt?: string | null; firstAnswerDueAt?: string | null; createdAt: string },
  now = new Date(),
) =>
  isOpenStage(lead.stage) &&
  !lead.firstResponseAt &&
  now > (lead.firstAnswerDueAt ? new Date(lead.firstAnswerDueAt) : firstAnswerDeadline(new Date(lead.createdAt)));

/** The people leads can be given to, fetched when a view opens (a person just added is there). */
export function usePeople(): Person[] {
  const [people, setPeople] = useState<Person[]>([]);
  useEffect(() => {
    api<PeopleList>('/leads/people')
      .then((r) => setPeople(r.people))
      .catch(() => undefined);
  }, []);
  return people;
}

export function LeadOwner({
  lead,
  session,
  onChanged,
  onFailure,
}: {
  lead: { id: string; assignedTo?: number | null; owner?: { id: number; name: string } | null };
  session: Session;
  onChanged: (text: string) => void;
  onFailure: (e: unknown) => void;
}) {
  const people = usePeople();
  const [error, setError] = useState<string | undefined>();
  const act = (path: string, body: unknown, text: string) =>
    api<{ emailed: boolean; colleagueEmailed?: boolean }>(`/leads/${encodeURIComponent(lead.id)}/${path}`, {
      method: 'POST',
      body,
    })
      .then((r) =>
        onChanged(
          [
            text,
            r.emailed && 'Wysłaliśmy e-mail do tej osoby.',
            r.colleagueEmailed && 'Poprzednia osoba dostała e-mail.',
          ]
            .filter(Boolean)
            .join(' '),
        ),
      )
      .catch((e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e)));
  const mine = lead.assignedTo === session.accountId;

  return (
    <section className="card" aria-labelledby="owner">
      <h2 id="owner">Prowadzi</h2>
      <p>{lead.owner ? lead.owner.name : 'nikt — lead nieprzypisany'}</p>
      {!mine && (
        <button type="button" className="button" onClick={() => void act('take', {}, 'Lead jest teraz Twój.')}>
          Przejmij lead
        </button>
      )}
      {session.role === 'owner' && (
        <SelectField
          label="Przypisz osobie"
          value={String(lead.assignedTo ?? '')}
          options={[['', '— nikt —'], ...people.map((p) => [String(p.id), p.name] as const)]}
          onValue={(value) => {
            const person = people.find((p) => String(p.id) === value);
            void act(
              'assign',
              { accountId: value ? Number(value) : null },
              person ? `Przypisano: ${person.name}.` : 'Lead nie jest już przypisany.',
            );
          }}
        />
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
