/**
 * The service promise, one fact and one wording: its hours are working hours (the SLA clock
 * counts them so), and every page, package card, the configurator and the quote page say it
 * the same way, 'w ciągu 24 godzin roboczych' (Premium: 4). The record of how fast we answered
 * ('98% zgłoszeń … w 24 h') is a statistic of past tickets, not the promise, and stays.
 */
import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { routes, renderPage } from '../../site/build.tsx';
import { PACKAGE_COPY } from '../../widgets/core/packages.ts';
import { T } from '../../widgets/configurator/copy.ts';
import {
  PREMIUM_SLA_HOURS,
  STANDARD_RESPONSE_HOURS,
  shortestSlaHours,
  withinWorkingHours,
} from '../../widgets/core/terms.ts';
import { addBusinessHours, warsawInstant } from '../../worker/admin-shared/business-hours.ts';

const assets = { css: '/assets/site.css', siteScript: '/assets/site.js', widgetScript: '/widgets/v1/kserowo.js' };
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the service promise', () => {
  const surfaces = new Map<string, string>([
    ...routes.map((r) => [r.path, text(renderPage(r, defaultCatalogue, assets))] as const),
    ['package cards', JSON.stringify(PACKAGE_COPY)],
    ['configurator', JSON.stringify(T)],
  ]);

  it('is worded the same way everywhere: hours of work, never bare hours', () => {
    const bare = /(?<!SLA )(?<![\d,])(?:24|4) ?(?:h\b|godzin(?! robocz)|godziny(?! robocz))/g;
    // The statistic of answered tickets, the one phrase allowed to count bare hours.
    const stat = /(?:obsłużonych|obsługujemy) w ciągu 24 (?:h|godzin)\b/g;
    const found: string[] = [];
    for (const [where, t] of surfaces) {
      for (const m of t.replace(stat, '').matchAll(bare))
        found.push(`${where}: …${t.slice(Math.max(0, (m.index ?? 0) - 40), (m.index ?? 0) + 12)}`);
    }
    expect(found).toEqual([]);
    const promise = withinWorkingHours(STANDARD_RESPONSE_HOURS);
    expect(promise).toBe('w ciągu 24 godzin roboczych');
    expect(withinWorkingHours(PREMIUM_SLA_HOURS)).toBe('w ciągu 4 godzin roboczych');
    expect(withinWorkingHours(1)).toBe('w ciągu 1 godziny roboczej');
    for (const where of ['/', '/serwis', '/miasto/slupsk', 'package cards', 'configurator'])
      expect({ where, says: surfaces.get(where)?.includes(promise) }).toEqual({ where, says: true });
  });

  it('is what the SLA clock counts: a Wednesday 14:00 report is due on Monday 14:00', () => {
    // Wed 25 Nov 2026 14:00: 2 h that day, 8 on Thursday, 8 on Friday, 6 on Monday 30 November.
    const due = addBusinessHours(warsawInstant({ year: 2026, month: 11, day: 25 }, 14 * 60), STANDARD_RESPONSE_HOURS);
    expect(due.toISOString()).toBe(warsawInstant({ year: 2026, month: 11, day: 30 }, 14 * 60).toISOString());
  });
});

describe('the promise of a report that names no device among several (a report by NIP)', () => {
  it("is the shortest of the company's devices: Premium's 4 h with any Premium among them, else 24 h", () => {
    expect(shortestSlaHours(['business', 'premium'])).toBe(4);
    expect(shortestSlaHours(['premium', 'basic', 'business'])).toBe(4);
    expect(shortestSlaHours(['basic', 'business'])).toBe(24);
    // No device registered under the NIP: the standard response.
    expect(shortestSlaHours([])).toBe(24);
  });
});
