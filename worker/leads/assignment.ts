/**
 * What giving a lead to someone sets off, decided apart from the route that asks for it:
 *  - the new owner gets an e-mail, unless they gave it to themselves or have no address;
 *  - a colleague's lead taken over, or given by a manager to someone else (or to nobody), e-mails
 *    the colleague who has it now and who gave it (they must not call the client twice);
 *  - the webhook `lead.assigned` carries the lead with its new owner and the previous one;
 *  - the audit row names both people and says when it was a takeover.
 */
import type { Assignee } from '../admin-shared/admin-api.ts';
import { assignedEmail, handedOverEmail } from './sales-team-email.ts';
import type { OwnedLeadRow } from './model.ts';
import type { Notification } from '../outbox/index.ts';
import type { Session } from '../middleware/admin-guard/index.ts';
import { leadPayload } from './lead-view.ts';

const reachable = (p: Assignee | undefined | null): p is Assignee => !!p && p.email.includes('@');

export function assignmentPlan(
  lead: OwnedLeadRow,
  person: Assignee | null,
  people: Assignee[],
  me: Session,
  origin: string,
  now = new Date(),
) {
  const previous = lead.assigned_to === null ? null : (people.find((p) => p.id === lead.assigned_to) ?? null);
  const notifications: Notification[] = [];
  const emailsOwner = reachable(person) && person.id !== me.accountId && person.id !== lead.assigned_to;
  if (emailsOwner) notifications.push(assignedEmail(person.email, me.user, lead, origin));
  // A takeover: the lead was someone else's, and it goes to another person than them.
  const emailsColleague = reachable(previous) && previous.id !== me.accountId && previous.id !== (person?.id ?? null);
  if (emailsColleague)
    notifications.push(
      handedOverEmail(
        previous.email,
        { by: me.user, to: person?.name ?? null, took: person?.id === me.accountId },
        lead,
        origin,
      ),
    );
  const changed = (person?.id ?? null) !== lead.assigned_to;
  const events = changed
    ? [
        {
          type: 'lead.assigned' as const,
          data: {
            ...leadPayload({
              ...lead,
              assigned_to: person?.id ?? null,
              owner_name: person?.name ?? null,
              owner_email: person?.email ?? null,
            }),
            previousOwner: previous ? { id: previous.id, name: previous.name, email: previous.email } : null,
            assignedBy: me.user,
            assignedAt: now.toISOString(),
          },
        },
      ]
    : [];
  const name = (p: Assignee | null) => p?.name ?? null;
  return {
    notifications,
    events,
    emailsOwner,
    emailsColleague,
    auditDetails: {
      assignee: {
        from: name(previous) ?? (lead.assigned_to === null ? null : `#${lead.assigned_to}`),
        to: name(person),
      },
      ...(emailsColleague ? { takeover: true } : {}),
    },
  };
}
