/**
 * A lead's partner in its detail ('Skąd przyszło zgłoszenie'): 'Potwierdź partnera' for one kept
 * unconfirmed (the lead came from outside its domains: confirmed, it earns), and 'Zmień partnera':
 * another registered partner, or none, with the reason the audit log keeps
 * (`POST /api/admin/leads/:id/partner`, worker/leads/admin-attribution.ts). What was typed stays
 * when the API refuses; the refusal names its field.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import { Field, SelectField } from './form-kit.tsx';
import type { PartnerList, PartnerSummary } from '../../worker/admin-shared/admin-api.ts';
import { PARTNER_LIMITS } from '../../worker/admin-shared/partner-validation.ts';

export function LeadPartner({
  leadId,
  current,
  unconfirmed,
  onChanged,
  onFailure,
}: {
  leadId: string;
  /** The partner the lead counts for now, kept unconfirmed or unregistered, if any. */
  current: string | undefined;
  unconfirmed: string | undefined;
  onChanged: (text: string) => void;
  onFailure: (e: unknown) => void;
}) {
  const [partners, setPartners] = useState<PartnerSummary[] | undefined>();
  const [to, setTo] = useState(current ?? '');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ field?: string; text: string } | undefined>();
  const reasonField = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem?.field === 'reason') reasonField.current?.querySelector('input')?.focus();
  }, [problem]);

  const refused = (e: unknown) =>
    e instanceof ApiRefused
      ? setProblem({ field: (e.data as { field?: string } | undefined)?.field, text: e.message })
      : onFailure(e);
  const confirm = () =>
    api(`/leads/${encodeURIComponent(leadId)}/partner`, { method: 'POST', body: { confirm: true } })
      .then(() => onChanged('Potwierdzono partnera: od teraz zapytanie liczy się do jego prowizji.'))
      .catch(refused);
  // The register is read when the form is first opened.
  const opened = (event: Event) => {
    if ((event.currentTarget as HTMLDetailsElement).open && !partners)
      api<PartnerList>('/partners')
        .then((r) => setPartners(r.partners))
        .catch(onFailure);
  };
  const move = (event: Event) => {
    event.preventDefault();
    const name = partners?.find((p) => p.id === to)?.name;
    api(`/leads/${encodeURIComponent(leadId)}/partner`, {
      method: 'POST',
      body: { partner: to === '' ? null : to, reason },
    })
      .then(() => {
        setProblem(undefined);
        setReason('');
        onChanged(to === '' ? 'Lead nie ma już partnera.' : `Przypisano lead partnerowi ${name ?? to}.`);
      })
      .catch(refused);
  };

  return (
    <>
      {unconfirmed && (
        <p>
          <button type="button" className="button small" onClick={() => void confirm()}>
            Potwierdź partnera {unconfirmed}
          </button>
        </p>
      )}
      <details className="lead-partner" onToggle={opened}>
        <summary>Zmień partnera</summary>
        {!partners && <p role="status">Ładowanie partnerów...</p>}
        {partners && (
          <form onSubmit={move} noValidate aria-label="Zmień partnera">
            <SelectField
              label="Partner"
              value={to}
              onValue={setTo}
              options={[
                ['', '— bez partnera —'],
                ...partners.map((p) => [p.id, `${p.name} (${p.id})${p.active ? '' : ', wstrzymany'}`] as const),
              ]}
            />
            <div ref={reasonField}>
              <Field
                label="Powód zmiany"
                hint="zapisujemy go w dzienniku zmian"
                value={reason}
                onValue={setReason}
                required
                maxLength={PARTNER_LIMITS.reason}
                invalid={problem?.field === 'reason'}
                aria-describedby={problem ? 'lead-partner-problem' : undefined}
              />
            </div>
            {problem && (
              <p id="lead-partner-problem" className="error" role="alert">
                {problem.text}
              </p>
            )}
            <button type="submit" className="button small">
              Zapisz zmianę partnera
            </button>
          </form>
        )}
      </details>
    </>
  );
}
