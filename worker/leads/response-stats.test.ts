// The response-time statistics read per-day counters kept by the model code
// (leads/model-lead-response-days.ts). The property: on any random set of leads (days, sources,
// partners), some answered after a random delay, some given to a person before or after
// their answer, some marked as spam and some back, some erased, the statistics answer
// exactly what timing every lead of the range answers, for any range of days.
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResponseFigures, ResponseStats } from '../admin-shared/admin-api.ts';
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import { assignLead } from './model-lead-ownership.ts';
import { type LeadRow, eraseLead, leadById, storeLead } from './model.ts';
import { changeLead } from './model-lead-changes.ts';
import { medianOfTenths, responseStats, weekOf } from './response-stats.ts';

const db = () => (env as unknown as Env).DB;

const DAY = 86_400_000;
// Days of their own, far from the other test files' leads (they share the database while they run).
const START = Date.parse('2030-03-04T00:00:00.000Z');
/** The moment of the view: leads of the last days before it are still inside their deadline. */
const NOW = new Date(START + 30 * DAY + 11 * 3_600_000);
const AUTHOR = { accountId: null, name: 'Test' };

const leadArb = fc.record({
  day: fc.integer({ min: 0, max: 30 }),
  minute: fc.integer({ min: 0, max: 1439 }),
  source: fc.option(fc.constantFrom('google', 'facebook', ''), { nil: undefined }),
  partner: fc.option(fc.constantFrom('drukarnia-abc', ''), { nil: undefined }),
  /** Minutes after arrival of the first answer; none: not answered. */
  answerAfter: fc.option(fc.integer({ min: 1, max: 5 * 1440 }), { nil: undefined }),
  owner: fc.constantFrom(null, 0, 1),
  assignFirst: fc.boolean(),
  spam: fc.constantFrom('no', 'spam', 'spam and back'),
  erased: fc.boolean(),
});

interface Oracle {
  leads: number;
  answered: number;
  within: number;
  late: number;
  tenths: number[];
}

/** The statistics timed from every lead of the range: what the counters replace, as the oracle. */
async function recount(from: string, to: string): Promise<ResponseStats> {
  const { results } = await db()
    .prepare(
      `SELECT l.*, a.name AS assignee FROM leads l LEFT JOIN accounts a ON a.id = l.assigned_to
       WHERE l.status != 'spam' AND date(l.created_at) BETWEEN ?1 AND ?2`,
    )
    .bind(from, to)
    .all<LeadRow & { assignee: string | null }>();
  const group = (keyOf: (r: LeadRow & { assignee: string | null }) => string, order: 'key' | 'leads') => {
    const buckets = new Map<string, Oracle>();
    for (const r of results) {
      const key = keyOf(r);
      const b = buckets.get(key) ?? { leads: 0, answered: 0, within: 0, late: 0, tenths: [] };
      buckets.set(key, b);
      b.leads++;
      if (r.first_response_at) {
        b.answered++;
        b.tenths.push(Math.round((r.response_hours ?? 0) * 10));
        if ((r.response_hours ?? 0) <= FIRST_ANSWER_HOURS) b.within++;
        else b.late++;
      } else if (!r.first_answer_due_at || r.first_answer_due_at <= NOW.toISOString()) b.late++;
    }
    const rows: ResponseFigures[] = [...buckets].map(([key, b]) => {
      const sorted = b.tenths.sort((x, y) => x - y);
      const mid = sorted.length >> 1;
      return {
        key,
        leads: b.leads,
        answered: b.answered,
        withinTarget: b.within,
        share: b.within + b.late ? b.within / (b.within + b.late) : null,
        medianHours: sorted.length
          ? sorted.length % 2
            ? (sorted[mid] as number) / 10
            : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 20
          : null,
      };
    });
    return order === 'key'
      ? rows.sort((a, b) => a.key.localeCompare(b.key))
      : rows.sort((a, b) => b.leads - a.leads || a.key.localeCompare(b.key));
  };
  const source = (r: LeadRow) => {
    const a = JSON.parse(r.attribution) as Record<string, string>;
    return a.partner ? `partner: ${a.partner}` : a.utm_source || '(bezpośrednio)';
  };
  return {
    targetHours: FIRST_ANSWER_HOURS,
    from,
    to,
    byWeek: group((r) => weekOf(r.created_at), 'key'),
    byMonth: group((r) => r.created_at.slice(0, 7), 'key'),
    byPerson: group((r) => r.assignee ?? '(nieprzypisane)', 'leads'),
    bySource: group(source, 'leads'),
  };
}

const dayOf = (n: number) => new Date(START + n * DAY).toISOString().slice(0, 10);

describe('response-time statistics from per-day counters', { timeout: 120_000 }, () => {
  it('state the median of two answers as the panel shows it (0,1 h and 0,2 h: 0,15 h, not 0,15000000000000002)', () => {
    expect(
      medianOfTenths(
        new Map([
          [1, 1],
          [2, 1],
        ]),
      ),
    ).toBe(0.15);
    expect(
      medianOfTenths(
        new Map([
          [3, 1],
          [45, 2],
          [46, 1],
        ]),
      ),
    ).toBe(4.5);
    expect(medianOfTenths(new Map())).toBeNull();
  });

  it('equal timing every lead of the range, after answers, assignments, spam and erasures', async () => {
    const people: number[] = [];
    for (const name of ['Anna Statystyczna', 'Piotr Statystyczny']) {
      const row = await db()
        .prepare("INSERT INTO accounts (email, name, role) VALUES (?1, ?2, 'sales') RETURNING id")
        .bind(`${crypto.randomUUID()}@kserowo.pl`, name)
        .first<{ id: number }>();
      people.push(row?.id ?? 0);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.array(leadArb, { minLength: 1, maxLength: 14 }),
        fc.array(fc.record({ from: fc.integer({ min: 0, max: 30 }), span: fc.integer({ min: 0, max: 30 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
        async (leads, ranges) => {
          const { results: earlier } = await db()
            .prepare('SELECT id FROM leads WHERE created_at >= ?')
            .bind(new Date(START).toISOString())
            .all<{ id: string }>();
          for (const { id } of earlier) await eraseLead(db(), id);
          // Erased leads leave no counts behind: what is left of the days is nothing.
          const left = await db()
            .prepare('SELECT SUM(leads) AS n FROM lead_response_days WHERE day >= ?')
            .bind(dayOf(0))
            .first<{ n: number | null }>();
          expect(left?.n ?? 0).toBe(0);
          for (const l of leads) {
            const attribution: Record<string, string> = {};
            if (l.source !== undefined) attribution.utm_source = l.source;
            if (l.partner !== undefined) attribution.partner = l.partner;
            const created = START + l.day * DAY + l.minute * 60_000;
            const { id } = await storeLead(
              db(),
              {
                kind: 'contact',
                submissionId: crypto.randomUUID(),
                name: 'Test',
                email: 'test@firma.pl',
                attribution,
                createdAt: new Date(created).toISOString(),
              },
              () => ({ recipient: 'biuro@kserowo.pl', subject: 'Nowy lead', body: '-' }),
            );
            const owner = l.owner === null ? null : (people[l.owner] ?? null);
            const lead = async () => (await leadById(db(), id)) as LeadRow;
            if (l.assignFirst && owner !== null) await assignLead(db(), id, owner);
            if (l.answerAfter !== undefined && created + l.answerAfter * 60_000 < NOW.getTime())
              await changeLead(
                db(),
                await lead(),
                { note: 'Zadzwoniłem.' },
                AUTHOR,
                [],
                new Date(created + l.answerAfter * 60_000),
              );
            if (!l.assignFirst && owner !== null) await assignLead(db(), id, owner);
            if (l.spam !== 'no') await changeLead(db(), await lead(), { status: 'spam' }, AUTHOR, [], NOW);
            if (l.spam === 'spam and back') await changeLead(db(), await lead(), { status: 'new' }, AUTHOR, [], NOW);
            if (l.erased) await eraseLead(db(), id);
          }
          for (const r of ranges) {
            const from = dayOf(r.from);
            const to = dayOf(Math.min(30, r.from + r.span));
            expect(await responseStats(db(), from, to, NOW)).toEqual(await recount(from, to));
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
