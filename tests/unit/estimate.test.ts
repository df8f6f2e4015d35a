import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { compareWithContract, currentMonthlyCost } from '../../widgets/core/comparison.ts';
import {
  ESTIMATE_ERRORS,
  explainRecommendation,
  PRINT_PROFILES,
  recommend,
  volumeFromCounters,
  volumeFromProfile,
} from '../../widgets/core/estimate.ts';
import { findDevice } from '../../widgets/core/model.ts';
import { gross, monthlyCost } from '../../widgets/core/pricing.ts';

const device = (id: string) => {
  const d = findDevice(defaultCatalogue, id);
  if (!d) throw new Error(id);
  return d;
};

describe('volume from two counter readings', () => {
  it('averages the difference over 30.4 days a month', () => {
    const r = volumeFromCounters(
      { date: '2026-09-01', mono: 10_000, color: 2_000 },
      { date: '2026-10-01', mono: 12_000, color: 2_300 },
      '2026-11-24',
    );
    // 30 days: 2000 / 30 × 30.4 = 2026.67 → 2027; 300 / 30 × 30.4 = 304.
    expect(r).toEqual({ ok: true, value: { mono: 2027, color: 304, source: 'counters', days: 30 } });
  });

  it('counts the days across a month boundary and a leap day', () => {
    const r = volumeFromCounters({ date: '2028-02-20', mono: 0 }, { date: '2028-03-05', mono: 1400 }, '2028-04-01');
    // 20 Feb → 5 Mar 2028 is 14 days (29 February included): 1400 / 14 × 30.4 = 3040.
    expect(r.ok && r.value).toMatchObject({ mono: 3040, color: 0, days: 14 });
    const noLeap = volumeFromCounters(
      { date: '2027-02-20', mono: 0 },
      { date: '2027-03-05', mono: 1300 },
      '2027-04-01',
    );
    expect(noLeap.ok && noLeap.value).toMatchObject({ mono: 3040, days: 13 });
  });

  it('refuses a second reading lower than the first, with its Polish message', () => {
    const r = volumeFromCounters({ date: '2026-09-01', mono: 5000 }, { date: '2026-10-01', mono: 4000 }, '2026-11-24');
    expect(r).toEqual({ ok: false, field: 'secondMono', error: ESTIMATE_ERRORS.lower });
  });

  it('refuses dates in the wrong order, in the future, too close or not real', () => {
    const at = (a: string, b: string) => volumeFromCounters({ date: a, mono: 1 }, { date: b, mono: 100 }, '2026-11-24');
    expect(at('2026-10-01', '2026-09-01')).toMatchObject({ ok: false, error: ESTIMATE_ERRORS.order });
    expect(at('2026-11-01', '2026-12-01')).toMatchObject({ ok: false, error: ESTIMATE_ERRORS.future });
    expect(at('2026-11-01', '2026-11-05')).toMatchObject({ ok: false, error: ESTIMATE_ERRORS.tooClose });
    expect(at('2026-02-30', '2026-11-05')).toMatchObject({
      ok: false,
      field: 'firstDate',
      error: ESTIMATE_ERRORS.date,
    });
  });

  it('refuses absurd counters', () => {
    const huge = volumeFromCounters(
      { date: '2026-09-01', mono: 0 },
      { date: '2026-09-08', mono: 9_000_000 },
      '2026-11-24',
    );
    expect(huge).toMatchObject({ ok: false, error: ESTIMATE_ERRORS.absurd });
    const fraction = volumeFromCounters(
      { date: '2026-09-01', mono: 1.5 },
      { date: '2026-10-01', mono: 9 },
      '2026-11-24',
    );
    expect(fraction).toMatchObject({ ok: false, field: 'firstMono', error: ESTIMATE_ERRORS.counter });
  });
});

describe('volume from the office profile', () => {
  it('multiplies people by the pages of the profile and splits by the colour share, with its range', () => {
    const r = volumeFromProfile({ people: 10, profile: 'average', colorShare: 20 });
    const per = PRINT_PROFILES.average.pagesPerPerson;
    expect(r.ok && r.value.mono + r.value.color).toBe(10 * per);
    expect(r.ok && r.value.color).toBe(10 * per * 0.2);
    const [low, high] = PRINT_PROFILES.average.range;
    expect(r.ok && r.value.range).toEqual({
      mono: [10 * low * 0.8, 10 * high * 0.8],
      color: [10 * low * 0.2, 10 * high * 0.2],
    });
  });

  it('refuses nobody printing and a share over 100 %', () => {
    expect(volumeFromProfile({ people: 0, profile: 'little', colorShare: 0 })).toMatchObject({
      ok: false,
      field: 'people',
    });
    expect(volumeFromProfile({ people: 3, profile: 'lot', colorShare: 140 })).toMatchObject({
      ok: false,
      field: 'colorShare',
    });
  });
});

describe('the recommendation explains itself', () => {
  it('names the cheaper package with the cost of the others and the pages left spare', () => {
    const d = device('km-4052');
    const volume = { mono: 2300 };
    const rec = recommend(d, volume);
    expect(rec?.level).toBe('business');
    // Basic 175 + 1300 × 0.05 = 240.00; Business 199 + 300 × 0.05 = 214.00; Premium 239 (4000 included).
    expect(rec?.costs).toEqual([
      { level: 'basic', cost: 240 },
      { level: 'business', cost: 214 },
      { level: 'premium', cost: 239 },
    ]);
    expect(rec?.headroom).toEqual({ mono: 0, color: 0 });
    expect(explainRecommendation(rec!, volume)).toBe(
      'Polecamy Business: przy 2300 stronach mono Basic kosztowałby 240,00 zł, Premium 239,00 zł, Business 214,00 zł.',
    );
    const spare = recommend(d, { mono: 3000 });
    expect(spare?.level).toBe('premium');
    expect(explainRecommendation(spare!, { mono: 3000 })).toContain(
      'W pakiecie Premium zostaje zapas 1000 stron mono.',
    );
  });
});

describe('comparison with the current contract', () => {
  const volume = { mono: 1200, color: 200 };

  it('prices the current contract at the same volume, paper left out', () => {
    const contract = {
      monthlyFee: 150,
      rateMono: 0.045,
      rateColor: 0.35,
      includedMono: 1000,
      includedColor: 100,
      toner: 40,
      service: 25.5,
      paper: 60,
    };
    // 150 + 200 × 0.045 + 100 × 0.35 + 40 + 25.5 = 259.50
    expect(currentMonthlyCost(contract, volume)).toBe(259.5);
  });

  it('states the saving per month and over 24 and 36 months, net with gross beside it', () => {
    const d = device('km-c3320i');
    const c = compareWithContract(defaultCatalogue, d, volume, { monthlyFee: 300, toner: 35.99 });
    // Recommended C3320i Basic at this volume: 195 + 300 × 0.08 + 50 × 0.22 = 230.00.
    expect(c?.offer).toMatchObject({ net: 230, gross: gross(230), level: 'basic' });
    expect(c?.current).toEqual({ net: 335.99, gross: gross(335.99) });
    expect(c?.monthly.net).toBe(105.99);
    expect(c?.overTerm).toEqual([
      { months: 24, difference: { net: 2543.76, gross: gross(2543.76) } },
      { months: 36, difference: { net: 3815.64, gross: gross(3815.64) } },
    ]);
    expect(c?.saves).toBe(true);
    expect(c?.cheaperOption).toBeUndefined();
  });

  it('says so when the current contract is cheaper, and suggests a cheaper device when there is one', () => {
    const d = device('km-c458');
    const c = compareWithContract(defaultCatalogue, d, volume, { monthlyFee: 260 });
    expect(c?.saves).toBe(false);
    expect(c!.monthly.net).toBeLessThan(0);
    expect(c?.cheaperOption).toMatchObject({ deviceId: 'km-c3320i', level: 'basic', cost: { net: 230 } });
    const cheapest = monthlyCost(device('km-c3320i').packages[0]!, volume).total;
    expect(c?.cheaperOption?.cost.net).toBe(cheapest);
  });

  it('suggests nothing when no package beats the current contract', () => {
    const c = compareWithContract(defaultCatalogue, device('km-c258'), volume, { monthlyFee: 100 });
    expect(c?.saves).toBe(false);
    expect(c?.cheaperOption).toBeUndefined();
  });
});
