/**
 * Statuses are keys in data and Polish in labels: every key of each family has its label, and
 * the labels are, letter for letter, the words the spec gives and that were stored before the
 * keys (written out here, not read from the tables they check).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, STAGES, leadStatusLabel } from '../../worker/admin-shared/pipeline.ts';
import { TEAM_STATUSES, TICKET_STATUSES, TICKET_STATUS_LABELS } from '../../widgets/core/service-fields.ts';
import { TONER_STATUSES, TONER_STATUS_LABELS } from '../../widgets/core/toner.ts';
import { keyOfStatus, statusKey, statusLabel } from '../../widgets/core/status-keys.ts';
import { leadFilterSchema, leadUpdateSchema } from '../../worker/admin-shared/admin-validation.ts';
import { ticketStatusSchema } from '../../widgets/core/service-validation.ts';

describe('the label tables', () => {
  it('names every lead stage in the words of the pipeline', () => {
    expect(STAGES.map((s) => [s, LEAD_STATUS_LABELS[s]])).toEqual([
      ['new', 'nowy'],
      ['contacted', 'w kontakcie'],
      ['offer_sent', 'oferta wysłana'],
      ['negotiation', 'negocjacje'],
      ['won', 'wygrany'],
      ['lost', 'przegrany'],
    ]);
  });

  it('names every lead status', () => {
    expect(LEAD_STATUSES.map((s) => [s, LEAD_STATUS_LABELS[s]])).toEqual([
      ['new', 'nowy'],
      ['contacted', 'w kontakcie'],
      ['won', 'wygrany'],
      ['lost', 'przegrany'],
      ['spam', 'spam'],
    ]);
    expect(Object.keys(LEAD_STATUS_LABELS).sort()).toEqual([...new Set([...STAGES, ...LEAD_STATUSES])].sort());
  });

  it('names every ticket status', () => {
    expect(TICKET_STATUSES.map((s) => [s, TICKET_STATUS_LABELS[s]])).toEqual([
      ['new', 'nowe'],
      ['accepted', 'przyjęte'],
      ['en_route', 'w drodze'],
      ['repaired', 'naprawione'],
      ['replacement', 'urządzenie zastępcze'],
      ['closed', 'zamknięte'],
    ]);
    expect(Object.keys(TICKET_STATUS_LABELS)).toEqual([...TICKET_STATUSES]);
    expect(TEAM_STATUSES).toEqual(['accepted', 'en_route', 'repaired', 'replacement', 'closed']);
  });

  it('names every toner order status', () => {
    expect(TONER_STATUSES.map((s) => [s, TONER_STATUS_LABELS[s]])).toEqual([
      ['awaiting_approval', 'do akceptacji'],
      ['accepted', 'przyjęte'],
      ['shipped', 'wysłane'],
      ['delivered', 'dostarczone'],
      ['rejected', 'odrzucone'],
    ]);
    expect(Object.keys(TONER_STATUS_LABELS)).toEqual([...TONER_STATUSES]);
  });

  it('keeps keys short, lower-case and plain', () => {
    for (const key of [...STAGES, ...LEAD_STATUSES, ...TICKET_STATUSES, ...TONER_STATUSES])
      expect(key).toMatch(/^[a-z][a-z_]{1,19}$/);
  });

  it('shows a key by its label, and a value without one as it is', () => {
    expect(leadStatusLabel('offer_sent')).toBe('oferta wysłana');
    expect(statusLabel(TICKET_STATUS_LABELS, 'en_route')).toBe('w drodze');
    // An audit row written before the keys holds the Polish word: shown as it is.
    expect(leadStatusLabel('w kontakcie')).toBe('w kontakcie');
    expect(statusLabel(TONER_STATUS_LABELS, null)).toBe('');
    expect(statusLabel(TONER_STATUS_LABELS, 'toString')).toBe('toString');
  });
});

describe('inputs: the keys, and for one release the Polish words', () => {
  it('maps a Polish word to its key and leaves anything else for the check to refuse', () => {
    expect(keyOfStatus(LEAD_STATUS_LABELS, 'oferta wysłana')).toBe('offer_sent');
    expect(keyOfStatus(LEAD_STATUS_LABELS, 'won')).toBe('won');
    expect(keyOfStatus(TONER_STATUS_LABELS, 'do akceptacji')).toBe('awaiting_approval');
    expect(keyOfStatus(TONER_STATUS_LABELS, 'Wysłane')).toBe('Wysłane');
    expect(keyOfStatus(TONER_STATUS_LABELS, 'constructor')).toBe('constructor');
  });

  it('takes a key or the old word, and refuses the rest with its Polish message', () => {
    const schema = statusKey(TICKET_STATUSES, TICKET_STATUS_LABELS, 'Wybierz status.');
    expect(v.parse(schema, 'closed')).toBe('closed');
    expect(v.parse(schema, 'zamknięte')).toBe('closed');
    for (const wrong of ['Zamknięte', 'zamkniete', 'CLOSED', '', 'hasOwnProperty', 3]) {
      const result = v.safeParse(schema, wrong);
      expect(result.success).toBe(false);
      expect(result.issues?.[0]?.message).toBe('Wybierz status.');
    }
  });

  it("reads the admin API's lead filters and changes in keys", () => {
    expect(v.parse(leadFilterSchema, { status: 'w kontakcie', stage: 'negocjacje' })).toMatchObject({
      status: 'contacted',
      stage: 'negotiation',
    });
    expect(v.parse(leadFilterSchema, { status: 'spam', stage: 'offer_sent' })).toMatchObject({
      status: 'spam',
      stage: 'offer_sent',
    });
    expect(v.safeParse(leadFilterSchema, { stage: 'oferta' }).issues?.[0]?.message).toBe(
      'Nieprawidłowy etap. Dozwolone: new, contacted, offer_sent, negotiation, won, lost.',
    );
    expect(v.parse(leadUpdateSchema, { stage: 'przegrany', lostReason: 'cena' })).toMatchObject({ stage: 'lost' });
    expect(v.safeParse(leadUpdateSchema, { stage: 'lost' }).success).toBe(false);
    expect(v.safeParse(leadUpdateSchema, { status: 'nowe' }).issues?.[0]?.message).toBe(
      'Nieprawidłowy status. Dozwolone: new, contacted, won, lost, spam.',
    );
    expect(v.parse(ticketStatusSchema, { status: 'w drodze' })).toMatchObject({ status: 'en_route' });
    expect(v.safeParse(ticketStatusSchema, { status: 'new' }).success).toBe(false);
  });
});
