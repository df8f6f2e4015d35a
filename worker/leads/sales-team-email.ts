/**
 * The sales team's own e-mails, plain text into the outbox (delivery.ts sends them): a lead
 * given to someone, a lead that went from a colleague to someone else, the first-answer promise
 * passed (to the owner, then to the managers), and the morning digest of next steps. Every time
 * is Warsaw time ('RRRR-MM-DD GG:MM', business-hours.ts `warsawDateTime`); the lead's own
 * text reaches only the body. A person's name is never followed by a verb in the past tense,
 * whose form would need their gender ('przejął' / 'przejęła'): the sentences are impersonal or
 * name the person in a labelled line.
 */
import { warsawDateTime } from '../../widgets/core/warsaw-time.ts';
import { plural } from '../../widgets/core/plural.ts';
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import type { Notification } from '../outbox/index.ts';
import { line } from '../outbox/email-text.ts';
import { leadStatusLabel } from '../admin-shared/pipeline.ts';

/** What the e-mails say about a lead. */
export interface LeadInBrief {
  id: string;
  name: string;
  company?: string | null;
  created_at: string;
  first_answer_due_at?: string | null;
  /** Set once the client was answered: the first-answer deadline is then no news to anyone. */
  first_response_at?: string | null;
}

/** '1 godzinę roboczą', '2 godziny robocze', '5 godzin roboczych' (after 'w ciągu'). */
export const businessHoursText = (n: number): string =>
  `${n} ${plural(n, 'godziny roboczej', 'godzin roboczych', 'godzin roboczych')}`;

const leadLink = (origin: string, id: string) => `${origin}/admin#leady/${encodeURIComponent(id)}`;

const leadLines = (lead: LeadInBrief, origin: string): string[] => [
  line('Klient', lead.name),
  line('Firma', lead.company),
  line('Otrzymano', warsawDateTime(lead.created_at)),
  ...(lead.first_answer_due_at && !lead.first_response_at
    ? [line('Pierwsza odpowiedź do', warsawDateTime(lead.first_answer_due_at))]
    : []),
  line('Otwórz w panelu', leadLink(origin, lead.id)),
];

const PROMISE = `Obiecujemy klientom pierwszą odpowiedź w ciągu ${businessHoursText(FIRST_ANSWER_HOURS)} (zmiana etapu, kolejny krok lub notatka liczy się jako odpowiedź).`;

/** To the person a lead was given to by someone else (`by`). */
export function assignedEmail(recipient: string, by: string, lead: LeadInBrief, origin: string): Notification {
  return {
    recipient,
    subject: 'Przypisano Ci lead w panelu Kserowo',
    body: [
      'Przypisano Ci lead: od teraz Ty go prowadzisz.',
      line('Przypisanie w panelu', by),
      '',
      ...leadLines(lead, origin),
      ...(lead.first_response_at ? [] : ['', PROMISE]),
    ].join('\n'),
  };
}

/**
 * To the colleague whose lead went to someone else: `to` took it themselves (`took`), or `by`
 * (a manager) gave it to `to`, or to nobody (`to` null).
 */
export function handedOverEmail(
  recipient: string,
  change: { by: string; to: string | null; took: boolean },
  lead: LeadInBrief,
  origin: string,
): Notification {
  const { by, to, took } = change;
  const [subject, first] =
    to === null
      ? [
          'Twój lead wrócił do nieprzypisanych w panelu Kserowo',
          'Prowadzony dotąd przez Ciebie lead nie ma teraz osoby prowadzącej.',
        ]
      : took
        ? ['Twój lead przejęła inna osoba w panelu Kserowo', 'Prowadzony dotąd przez Ciebie lead przejęła inna osoba.']
        : [
            'Twój lead przekazano innej osobie w panelu Kserowo',
            'Prowadzony dotąd przez Ciebie lead przekazano innej osobie.',
          ];
  return {
    recipient,
    subject,
    body: [
      `${first} Nie musisz już się nim zajmować.`,
      ...(to === null ? [] : [line('Prowadzi teraz', to)]),
      ...(took ? [] : [line('Przekazanie w panelu', by)]),
      '',
      ...leadLines(lead, origin),
      '',
      'Jeśli to pomyłka, porozmawiaj z kierownikiem lub z osobą, która prowadzi lead teraz; zmiana jest zapisana w historii zmian.',
    ].join('\n'),
  };
}

/** To the lead's owner when the first-answer promise passed without a first contact. */
export function firstAnswerOwnerEmail(recipient: string, lead: LeadInBrief, origin: string): Notification {
  return {
    recipient,
    subject: 'Minął czas na pierwszą odpowiedź do klienta',
    body: [
      'Minął obiecany czas pierwszej odpowiedzi, a klient nie dostał jeszcze odpowiedzi od nas.',
      '',
      ...leadLines(lead, origin),
      '',
      'Skontaktuj się z klientem teraz i zapisz to w panelu (etap, kolejny krok lub notatka).',
    ].join('\n'),
  };
}

/** To each manager (owner role) when the owner did not answer either. */
export function firstAnswerManagerEmail(
  recipient: string,
  lead: LeadInBrief,
  ownerName: string | null,
  origin: string,
): Notification {
  return {
    recipient,
    subject: 'Lead bez pierwszej odpowiedzi: potrzebna decyzja',
    body: [
      `Lead czeka na pierwszą odpowiedź dłużej, niż obiecujemy (${businessHoursText(FIRST_ANSWER_HOURS)}).`,
      line('Prowadzi', ownerName ?? 'nikt – lead nieprzypisany'),
      '',
      ...leadLines(lead, origin),
      '',
      'Przypisz lead innej osobie albo odpowiedz klientowi osobiście.',
    ].join('\n'),
  };
}

/** One next step of the morning digest. */
export interface DigestStep {
  id: string;
  name: string;
  company: string | null;
  stage: string;
  next_step_kind: string;
  next_step_due_at: string;
}

const stepLine = (s: DigestStep, origin: string) =>
  `- ${warsawDateTime(s.next_step_due_at)} · ${s.next_step_kind} · ${s.name}${s.company ? ` (${s.company})` : ''} · etap: ${leadStatusLabel(s.stage)}\n  ${leadLink(origin, s.id)}`;

const stepsText = (n: number) => `${n} ${plural(n, 'krok', 'kroki', 'kroków')}`;

/** The morning digest of one person: overdue steps first, then today's; undefined when there is nothing. */
export function digestEmail(
  recipient: string,
  name: string,
  day: string,
  overdue: DigestStep[],
  today: DigestStep[],
  origin: string,
): Notification | undefined {
  if (overdue.length === 0 && today.length === 0) return undefined;
  return {
    recipient,
    subject: `Twoje kroki na ${day}: zaległe ${overdue.length}, na dziś ${today.length}`,
    body: [
      `Dzień dobry, ${name}!`,
      '',
      `Zaległe (${stepsText(overdue.length)}):`,
      ...(overdue.length ? overdue.map((s) => stepLine(s, origin)) : ['- brak']),
      '',
      `Na dziś (${stepsText(today.length)}):`,
      ...(today.length ? today.map((s) => stepLine(s, origin)) : ['- brak']),
      '',
      `Moje leady: ${origin}/admin#leady`,
    ].join('\n'),
  };
}
