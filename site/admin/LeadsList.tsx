/**
 * The leads inbox's rows: newest first as a table, or as a board by stage, the overdue ones
 * marked, with each lead's next step, owner, first answer, source and e-mail's state.
 */
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import { formatNumber, formatPln } from '../../widgets/core/format.ts';
import { LEVEL_NAMES, type PackageLevel } from '../../widgets/core/model.ts';
import type { LeadListed as Lead } from '../../worker/admin-shared/admin-api.ts';
import { STAGES, isOpenStage, isStepOverdue, leadStatusLabel } from '../../worker/admin-shared/pipeline.ts';
import { isOverdue } from './LeadOwner.tsx';
import { EMAIL_STATE_LABELS, KIND_LABELS, when } from './labels.ts';

/** A text of the lead's attribution (page, utm_source, partner …), or nothing. */
export const attr = (lead: Lead, key: string) => {
  const value = lead.attribution[key];
  return typeof value === 'string' && value ? value : undefined;
};

/** The next step in a few words, overdue ones marked. */
function NextStepCell({ lead, now }: { lead: Lead; now: Date }) {
  if (!isOpenStage(lead.stage)) return <>–</>;
  if (!lead.nextStep) return <span className="overdue-badge">brak kolejnego kroku</span>;
  const late = isStepOverdue(lead.nextStep, now);
  return (
    <span className={late ? 'overdue-badge' : undefined}>
      {lead.nextStep.kind} · {when(lead.nextStep.dueAt)}
      {late && ' · zaległy'}
    </span>
  );
}

/** The first answer: when it came (business hours), or by when it is promised. */
function FirstAnswerCell({ lead, now }: { lead: Lead; now: Date }) {
  if (lead.firstAnswerHours !== null)
    return (
      <span className={lead.firstAnswerHours > FIRST_ANSWER_HOURS ? 'overdue-badge' : undefined}>
        po {formatNumber(Math.round(lead.firstAnswerHours * 10) / 10)} h rob.
      </span>
    );
  if (isOverdue(lead, now)) return <span className="overdue-badge">po terminie ({when(lead.firstAnswerDueAt)})</span>;
  return <>do {when(lead.firstAnswerDueAt)}</>;
}

const ownerName = (lead: Lead) => lead.owner?.name ?? '–';

/** The leads in a column per stage. */
export function LeadBoard({ leads: all, now }: { leads: Lead[]; now: Date }) {
  return (
    <div className="board">
      {STAGES.map((stage) => {
        const leads = all.filter((l) => l.stage === stage);
        return (
          <section key={stage} className="board-column" aria-label={`Etap: ${leadStatusLabel(stage)}`}>
            <h2>
              {leadStatusLabel(stage)} <span className="hint">({leads.length})</span>
            </h2>
            {leads.map((lead) => (
              <article
                key={lead.id}
                className={`board-card${isStepOverdue(lead.nextStep, now) && isOpenStage(lead.stage) ? ' overdue' : ''}`}
              >
                <a href={`#leady/${encodeURIComponent(lead.id)}`}>{lead.name}</a>
                {lead.company && <span className="hint"> · {lead.company}</span>}
                <br />
                <NextStepCell lead={lead} now={now} />
                <br />
                <span className="hint">Prowadzi: {ownerName(lead)}</span>
              </article>
            ))}
          </section>
        );
      })}
    </div>
  );
}

/** The leads as a table, newest first. */
export function LeadTable({ leads, now }: { leads: Lead[]; now: Date }) {
  return (
    <div className="table-wrap">
      <table className="lead-list">
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Rodzaj</th>
            <th scope="col">Klient</th>
            <th scope="col">Etap</th>
            <th scope="col">Kolejny krok</th>
            <th scope="col">Prowadzi</th>
            <th scope="col">Pierwsza odpowiedź</th>
            <th scope="col">E-mail</th>
            <th scope="col">Źródło</th>
            <th scope="col">E-mail do działu</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr
              key={lead.id}
              className={
                isOverdue(lead, now) || (isOpenStage(lead.stage) && isStepOverdue(lead.nextStep, now))
                  ? 'overdue'
                  : undefined
              }
            >
              <td>{when(lead.createdAt)}</td>
              <td>
                {KIND_LABELS[lead.kind] ?? lead.kind}
                {lead.quote && (
                  <span className="hint">
                    <br />
                    {lead.quote.number} · {lead.quote.deviceName}{' '}
                    {LEVEL_NAMES[lead.quote.level as PackageLevel] ?? lead.quote.level} ·{' '}
                    {formatPln(lead.quote.monthlyNet, 2)}
                  </span>
                )}
              </td>
              <td>
                <a href={`#leady/${encodeURIComponent(lead.id)}`}>{lead.name}</a>
                {lead.company && (
                  <span className="hint">
                    <br />
                    {lead.company}
                  </span>
                )}
              </td>
              <td>
                <span className={`status status-${lead.stage}`}>{leadStatusLabel(lead.stage)}</span>
                {lead.lostReason && <span className="hint"> ({lead.lostReason})</span>}
              </td>
              <td>
                <NextStepCell lead={lead} now={now} />
              </td>
              <td>{ownerName(lead)}</td>
              <td>
                <FirstAnswerCell lead={lead} now={now} />
              </td>
              <td>{lead.email}</td>
              <td>
                {[
                  attr(lead, 'utm_source'),
                  attr(lead, 'utm_campaign'),
                  attr(lead, 'partner') && `partner: ${attr(lead, 'partner')}`,
                ]
                  .filter(Boolean)
                  .join(' · ') || '–'}
              </td>
              <td>{lead.emailState ? (EMAIL_STATE_LABELS[lead.emailState] ?? lead.emailState) : '–'}</td>
            </tr>
          ))}
          {leads.length === 0 && (
            <tr>
              <td colSpan={10}>Brak leadów dla tych filtrów.</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
