// The numbers read per-day counters written with each lead (leads/model-lead-counts.ts). The
// property: on any random set of leads (kinds, days, sources, campaigns, partners, quotes'
// devices and packages), some of them erased, the counters answer exactly what a full
// recount of the leads answers, for any range of days and kind.
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedNumbers, type CountFilter } from './model-lead-counts.ts';
import { eraseLead, storeLead } from './model.ts';
import { quoteStatements } from '../quotes/model.ts';
import { newPageId } from '../http/auth.ts';
import type { QuotePrice } from '../../widgets/core/quote.ts';
import type { LeadStats } from '../admin-shared/admin-api.ts';
import { login, read } from '../../tests/worker/admin-helpers.ts';

const db = () => (env as unknown as Env).DB;

const DAY = 86_400_000;
const START = Date.parse('2026-03-01T00:00:00.000Z');

const text = (values: string[]) => fc.option(fc.constantFrom(...values), { nil: undefined });

const leadArb = fc.record({
  quote: fc.boolean(),
  day: fc.integer({ min: 0, max: 40 }),
  minute: fc.integer({ min: 0, max: 1439 }),
  source: text(['google', 'facebook', '', 'newsletter']),
  campaign: text(['jesien', 'wiosna', '']),
  partner: text(['drukarnia-abc', 'biuro-xyz', '']),
  device: fc.constantFrom('Konica Minolta bizhub C258', 'Konica Minolta bizhub 227', 'Konica Minolta bizhub C3320i'),
  level: fc.constantFrom('basic', 'business', 'premium'),
  erased: fc.boolean(),
});

const price = (deviceName: string, level: string): QuotePrice =>
  ({
    deviceId: 'km-x',
    deviceName,
    level,
    levelName: level,
    term: 24,
    paper: false,
    monthlyLimit: 1000,
    overageMono: 0.03,
    monthlyNet: 199,
    monthlyVat: 45.77,
    monthlyGross: 244.77,
    volume: { mono: 1000 },
    estimatedNet: 199,
    estimatedGross: 244.77,
  }) as QuotePrice;

/** The numbers counted from the leads themselves: the scan the counters replace, as the oracle. */
async function recount(f: CountFilter): Promise<LeadStats> {
  const where = `(?1 IS NULL OR l.created_at >= ?1) AND (?2 IS NULL OR l.created_at < date(?2, '+1 day'))
    AND (?3 IS NULL OR l.kind = ?3)`;
  const values = [f.from ?? null, f.to ?? null, f.kind ?? null];
  const by = (expr: string, from = 'leads l') =>
    db()
      .prepare(
        `SELECT COALESCE(NULLIF(${expr}, ''), '(brak)') AS key, COUNT(*) AS count FROM ${from} WHERE ${where}
         GROUP BY 1 ORDER BY count DESC, key`,
      )
      .bind(...values);
  const quotes = 'quotes q JOIN leads l ON l.id = q.lead_id';
  const [weeks, sources, campaigns, partners, devices, levels] = await db().batch([
    db()
      .prepare(
        `SELECT date(l.created_at, 'weekday 0', '-6 days') AS week, SUM(l.kind = 'contact') AS contact,
           SUM(l.kind = 'quote') AS quote FROM leads l WHERE ${where} GROUP BY 1 ORDER BY 1 DESC`,
      )
      .bind(...values),
    by("json_extract(l.attribution, '$.utm_source')"),
    by("json_extract(l.attribution, '$.utm_campaign')"),
    by("json_extract(l.attribution, '$.partner')"),
    by('q.device_name', quotes),
    by('q.level', quotes),
  ]);
  const rows = (r: D1Result | undefined) => r?.results ?? [];
  return {
    perWeek: rows(weeks),
    bySource: rows(sources),
    byCampaign: rows(campaigns),
    byPartner: rows(partners),
    quotesByDevice: rows(devices),
    quotesByPackage: rows(levels),
  } as LeadStats;
}

const dayOf = (n: number) => new Date(START + n * DAY).toISOString().slice(0, 10);

describe('per-day lead counters', () => {
  it('equal a full recount of the leads on random data, after erasures, for any days and kind', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(leadArb, { minLength: 1, maxLength: 25 }),
        fc.array(
          fc.record({
            from: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
            span: fc.integer({ min: 0, max: 40 }),
            to: fc.boolean(),
            kind: fc.constantFrom(undefined, 'contact' as const, 'quote' as const),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (leads, filters) => {
          await db().batch([
            db().prepare('DELETE FROM lead_counts'),
            db().prepare('DELETE FROM outbox'),
            db().prepare('DELETE FROM quotes'),
            db().prepare('DELETE FROM leads'),
          ]);
          for (const l of leads) {
            const attribution: Record<string, string> = {};
            if (l.source !== undefined) attribution.utm_source = l.source;
            if (l.campaign !== undefined) attribution.utm_campaign = l.campaign;
            if (l.partner !== undefined) attribution.partner = l.partner;
            const createdAt = new Date(START + l.day * DAY + l.minute * 60_000).toISOString();
            const stored = await storeLead(
              db(),
              {
                kind: l.quote ? 'quote' : 'contact',
                submissionId: crypto.randomUUID(),
                name: 'Test',
                email: 'test@firma.pl',
                attribution,
                createdAt,
              },
              () => ({ recipient: 'biuro@kserowo.pl', subject: 'Nowy lead', body: '-' }),
              (leadId) =>
                l.quote
                  ? quoteStatements(
                      db(),
                      leadId,
                      {
                        id: newPageId(),
                        price: price(l.device, l.level),
                        catalogueVersion: 1,
                        marketingConsent: false,
                      },
                      new Date(createdAt),
                    )
                  : [],
            );
            if (l.erased) await eraseLead(db(), stored.id);
          }
          for (const f of filters) {
            const filter: CountFilter = {
              from: f.from === undefined ? undefined : dayOf(f.from),
              to: f.to ? dayOf((f.from ?? 0) + f.span) : undefined,
              kind: f.kind,
            };
            expect(await countedNumbers(db(), filter)).toEqual(await recount(filter));
          }
        },
      ),
      { numRuns: 25 },
    );
    // 25 runs of up to 25 leads stored one by one: 4–8 s with the load average at 14–28.
  }, 60_000);

  it('are what GET /api/admin/stats answers, and it refuses the filters they cannot answer', async () => {
    const cookie = await login('203.0.113.160');
    const answer = (await (await read('/api/admin/stats?from=2026-03-01&kind=quote', cookie)).json()) as LeadStats;
    expect(answer).toEqual(await recount({ from: '2026-03-01', kind: 'quote' }));
    const refused = await read('/api/admin/stats?partner=drukarnia-abc', cookie);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'Liczby filtruje się tylko po datach (od, do) i rodzaju zgłoszenia.',
    });
  });
});
