// The figure behind the site's "98% zgłoszeń serwisowych w 24h", measured on a seeded month:
// May 2026 (1 May a holiday, weekends off), 60 tickets at random times, answered after random
// business-hour delays; the admin's monthly share must equal the count worked out here.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { newPageId } from '../http/auth.ts';
import { setTicketStatus, slaByMonth, storeTicket } from './model.ts';
import { slaHoursOf } from '../../widgets/core/terms.ts';
import { addBusinessHours, businessHoursBetween } from '../admin-shared/business-hours.ts';

const db = () => (env as unknown as Env).DB;

/** A small deterministic generator (mulberry32), so the month is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('SLA share of a seeded month', () => {
  it('counts a ticket as answered in time exactly when its first response came by the business-hours deadline', async () => {
    const next = random(17);
    let expectedWithin = 0;
    const total = 60;
    for (let i = 0; i < total; i++) {
      const created = new Date(
        Date.UTC(2026, 4, 1 + Math.floor(next() * 30), 5 + Math.floor(next() * 14), Math.floor(next() * 60)),
      );
      const level = next() < 0.3 ? 'premium' : 'basic';
      const sla = slaHoursOf(level);
      const due = addBusinessHours(created, sla);
      // Most answers come within the promise; about one in twenty is late by up to two hours.
      const late = next() < 0.05;
      const delay = late ? sla + 0.25 + next() * 1.75 : next() * sla;
      const answered = addBusinessHours(created, delay);
      if (businessHoursBetween(created, answered) <= sla + 1e-9) expectedWithin++;
      const id = newPageId();
      await storeTicket(
        db(),
        {
          id,
          submissionId: crypto.randomUUID(),
          bodyHash: 'seed',
          serial: `SEED${i}`,
          deviceRow: null,
          level,
          slaHours: sla,
          category: 'paper',
          description: 'Zacięcie papieru',
          name: 'Klient',
          email: 'klient@firma.pl',
          phone: '600100200',
          marketingConsent: false,
          createdAt: created,
          dueAt: due,
        },
        { recipient: 'serwis@kserowo.pl', subject: 'Zgłoszenie', body: 'Zgłoszenie' },
      );
      await setTicketStatus(db(), id, 'accepted', null, 'Marek', answered);
    }
    const may = (await slaByMonth(db(), new Date('2026-07-01T00:00:00Z'))).find((m) => m.month === '2026-05');
    expect(may?.tickets).toBe(total);
    expect(may?.withinPromise).toBe(expectedWithin);
    expect(may?.late).toBe(total - expectedWithin);
    expect(may?.sharePercent).toBe(Math.round((1000 * expectedWithin) / total) / 10);
    console.log(`SLA May 2026 (seeded): ${may?.withinPromise}/${may?.tickets} = ${may?.sharePercent}%`);
  });
});
