/**
 * The advisor across the whole catalogue, for four offices. Every expected figure is worked
 * out by hand from the catalogue table of the spec (§3) in the comments beside it.
 */
import { describe, expect, it } from 'vitest';
import { advise, askToConfirm, DUTY_HEADROOM, misfits, usualMonth } from '../../widgets/core/advisor.ts';
import { checkReading, isImplausibleJump, JUMP_FACTOR } from '../../widgets/core/meter.ts';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { volumeFromCounters, volumeFromProfile } from '../../widgets/core/estimate.ts';
import { findDevice } from '../../widgets/core/model.ts';

const named = (o: { device: { model: string }; pkg: { level: string }; cost: number } | undefined) =>
  o && `${o.device.model} ${o.pkg.level} ${o.cost.toFixed(2)}`;

const profile = (people: number, p: 'little' | 'average' | 'lot', colorShare: number) => {
  const r = volumeFromProfile({ people, profile: p, colorShare });
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('advisor: a 12-person law firm that clicked the C3320i', () => {
  // 12 people × 500 pages ('Dużo') = 6 000, 15 % colour = 900 colour + 5 100 mono.
  const volume = profile(12, 'lot', 15);
  const advice = advise(defaultCatalogue, volume, {}, 'km-c3320i');

  it('estimates 5 100 mono and 900 colour pages', () => {
    expect([volume.mono, volume.color]).toEqual([5100, 900]);
  });

  it('recommends the C258 Premium, not the clicked device', () => {
    // C258 Premium: 375 + (5 100 − 5 000) × 0,04 = 379,00; colour 900 ≤ 2 000.
    expect(named(advice.best)).toBe('C258 premium 379.00');
  });

  it('ranks the whole catalogue from the cheapest', () => {
    // C258 Business: 335 + 2 100 × 0,04 = 419,00.
    // C458 Business: 475 + 100 × 0,04 = 479,00 (900 colour ≤ 1 500).
    // C250i Premium: 499 + 100 × 0,04 = 503,00.
    // C258 Basic: 309 + 3 600 × 0,04 + 400 × 0,19 = 309 + 144 + 76 = 529,00.
    // C250i Business: 459 + 2 100 × 0,04 = 543,00 (900 colour ≤ 1 000).
    const fitting = advice.ranking.filter((o) => o.misfits.length === 0);
    expect(fitting.slice(0, 6).map(named)).toEqual([
      'C258 premium 379.00',
      'C258 business 419.00',
      'C458 business 479.00',
      'C250i premium 503.00',
      'C258 basic 529.00',
      'C250i business 543.00',
    ]);
    // C3320i Premium: 279 + 2 300 × 0,08 + 300 × 0,22 = 279 + 184 + 66 = 529,00, the same as
    // the C258 Basic: the tie goes to the larger allowance (3 400 pages against 2 000).
    const tie = advice.ranking.filter((o) => o.cost === 529).map(named);
    expect(tie).toEqual(['C3320i premium 529.00', 'C258 basic 529.00']);
    // Every device × package is ranked: the mono ones too, priced at their mono pages and
    // marked as not printing colour (4052 Premium: 239 + 1 100 × 0,05 = 294,00).
    expect(advice.ranking).toHaveLength(24);
    const mono = advice.ranking.find((o) => o.device.id === 'km-4052' && o.pkg.level === 'premium');
    expect(mono?.cost).toBe(294);
    expect(mono?.misfits).toEqual(['color']);
    expect(advice.ranking[0]).toBe(mono);
  });

  it('sets the clicked C3320i beside it with the difference per month and over the term', () => {
    expect(named(advice.clicked)).toBe('C3320i premium 529.00');
    // 529 − 379 = 150,00 a month; × 24 = 3 600,00; × 36 = 5 400,00.
    expect(advice.difference).toEqual({
      monthly: 150,
      overTerm: [
        { months: 24, amount: 3600 },
        { months: 36, amount: 5400 },
      ],
    });
    // 5 100 mono pages is over 1,5 × the C3320i's largest allowance (2 800 × 1,5 = 4 200).
    expect(advice.clicked?.misfits).toEqual(['duty']);
  });
});

describe('advisor: a 40-person school on the C258', () => {
  // 40 × 250 ('Średnio') = 10 000 pages, 5 % colour = 500 colour + 9 500 mono.
  const volume = profile(40, 'average', 5);
  const advice = advise(defaultCatalogue, volume, {}, 'km-c258');

  it('recommends the C458 Premium at 545,00 zł', () => {
    // C458 Premium: 545, 10 000 mono and 3 000 colour included.
    expect(named(advice.best)).toBe('C458 premium 545.00');
  });

  it('shows the C258 Premium at 555,00 zł, 10,00 zł a month more', () => {
    // C258 Premium: 375 + 4 500 × 0,04 = 555,00; Business 335 + 6 500 × 0,04 = 595,00.
    expect(named(advice.clicked)).toBe('C258 premium 555.00');
    expect(advice.difference?.monthly).toBe(10);
    expect(advice.difference?.overTerm.map((t) => t.amount)).toEqual([240, 360]);
    // 9 500 mono > 5 000 × 1,5: the C258 would run past its duty.
    expect(advice.clicked?.misfits).toEqual(['duty']);
  });
});

describe('advisor: a clinic reception from two counter readings', () => {
  const first = { date: '2026-10-01', mono: 45_000, color: 1_200 };

  it('recommends the C3320i Business at 244,20 zł', () => {
    // 30 days: 1 890 / 30 × 30,4 = 1 915,2 → 1 915 mono; 180 / 30 × 30,4 = 182,4 → 182 colour.
    const r = volumeFromCounters(first, { date: '2026-10-31', mono: 46_890, color: 1_380 }, '2026-11-25');
    if (!r.ok) throw new Error(r.error);
    expect([r.value.mono, r.value.color]).toEqual([1915, 182]);
    const advice = advise(defaultCatalogue, r.value);
    // C3320i Business: 235 + 115 × 0,08 = 244,20 (182 colour ≤ 350).
    // C3320i Premium 279,00; C3320i Basic 195 + 1 015 × 0,08 + 32 × 0,22 = 195 + 81,20 + 7,04 = 283,24;
    // C3350i Business 239 + 315 × 0,09 = 267,35.
    const fitting = advice.ranking.filter((o) => o.misfits.length === 0);
    expect(fitting.slice(0, 3).map(named)).toEqual([
      'C3320i business 244.20',
      'C3350i business 267.35',
      'C3320i premium 279.00',
    ]);
    expect(named(advice.best)).toBe('C3320i business 244.20');
    // Mono devices are cheaper (4052 Business 199 with 2 000 pages) but print no colour.
    const mono = advice.ranking[0];
    expect(named(mono)).toBe('4052 business 199.00');
    expect(mono?.misfits).toEqual(['color']);
  });

  it('recommends nothing for a transposed digit (64 890 for 46 890): no device is built for 20 155 pages', () => {
    const r = volumeFromCounters(first, { date: '2026-10-31', mono: 64_890, color: 1_380 }, '2026-11-25');
    if (!r.ok) throw new Error(r.error);
    // 19 890 / 30 × 30,4 = 20 155,2 → 20 155 mono, over the C458's 10 000 × 1,5 = 15 000.
    expect(r.value.mono).toBe(20155);
    expect(advise(defaultCatalogue, r.value).best).toBeUndefined();
  });
});

describe('advisor: counter estimates are asked about by the meter form’s jump rule', () => {
  const first = { date: '2026-10-01', mono: 45_000, color: 1_200 };
  const fromCounters = (mono: number, color: number) => {
    const r = volumeFromCounters(first, { date: '2026-10-31', mono, color }, '2026-11-25');
    if (!r.ok) throw new Error(r.error);
    return r.value;
  };

  it('takes the usual month from the catalogue: the middle devices’ largest allowances', () => {
    // Largest allowances, mono + colour: C3350i 3 200, C3320i 3 400, bizhub 227 3 500, 308 3 500,
    // 4052 4 000, C250i 7 000, C258 7 000, C458 13 000: the middle two are 3 500 and 4 000.
    expect(usualMonth(defaultCatalogue)).toBe(3750);
  });

  it('asks about the clinic reception’s 64 890 typed for 46 890 before recommending', () => {
    // 20 155 mono + 182 colour = 20 337 pages a month > 3 × 3 750 = 11 250.
    expect(askToConfirm(defaultCatalogue, fromCounters(64_890, 1_380))).toBe(true);
    // The right digits: 1 915 + 182 = 2 097 pages, nothing to ask.
    expect(askToConfirm(defaultCatalogue, fromCounters(46_890, 1_380))).toBe(false);
  });

  it('asks also when a device would still fit: 12 000 pages a month is no usual office', () => {
    // 11 800 in 30 days: 11 800 / 30 × 30,4 = 11 957 mono + 182 colour = 12 139 > 11 250;
    // the C458 Premium fits it (10 000 × 1,5 = 15 000), which the earlier rule let through.
    const v = fromCounters(56_800, 1_380);
    expect(v.mono).toBe(11957);
    expect(advise(defaultCatalogue, v).best?.device.model).toBe('C458');
    expect(askToConfirm(defaultCatalogue, v)).toBe(true);
    // 10 000 pages (a 40-person school's month) is asked about by nobody: 10 182 ≤ 11 250.
    expect(askToConfirm(defaultCatalogue, fromCounters(54_868, 1_380))).toBe(false);
  });

  it('never questions an office profile, whatever its size', () => {
    expect(askToConfirm(defaultCatalogue, profile(100, 'lot', 10))).toBe(false);
  });

  it('is the rule the meter form applies to a customer’s reading', () => {
    expect(JUMP_FACTOR).toBe(3);
    expect(isImplausibleJump(11_251, 3_750)).toBe(true);
    expect(isImplausibleJump(11_250, 3_750)).toBe(false);
    // The meter: 1 000 pages a month for three months, then 3 100 in one: asked; 2 900: not.
    const history = [
      { readOn: '2026-01-01', mono: 0, color: null, reset: false },
      { readOn: '2026-04-01', mono: 2_960, color: null, reset: false },
    ];
    expect(checkReading(history, { readOn: '2026-05-01', mono: 2_960 + 3_100, color: null }).kind).toBe('jump');
    expect(checkReading(history, { readOn: '2026-05-01', mono: 2_960 + 2_900, color: null }).kind).toBe('ok');
  });
});

describe('advisor: a 5-person accounting office that needs A3, mono only', () => {
  // 5 × 250 = 1 250 mono pages, no colour.
  const volume = profile(5, 'average', 0);

  it('without A3, recommends the 4052 Basic at 187,50 zł', () => {
    // 4052 Basic: 175 + 250 × 0,05 = 187,50; Business 199.
    expect(named(advise(defaultCatalogue, volume).best)).toBe('4052 basic 187.50');
  });

  it('with A3, recommends the bizhub 227 Business: a tie with its Basic goes to the larger allowance', () => {
    // bizhub 227 Basic: 219 + 250 × 0,04 = 229,00; Business 229 with 2 000 pages: Business.
    // 308 Basic 229 + 10 = 239; 308 Business 235.
    const advice = advise(defaultCatalogue, volume, { a3: true }, 'km-4052');
    expect(named(advice.best)).toBe('bizhub 227 business 229.00');
    expect(advice.ranking.slice(0, 2).map(named)).toEqual(['4052 basic 187.50', '4052 business 199.00']);
    // The clicked 4052 costs 41,50 zł less a month but is A4: shown with the reason.
    expect(named(advice.clicked)).toBe('4052 basic 187.50');
    expect(advice.clicked?.misfits).toEqual(['a3']);
    expect(advice.difference?.monthly).toBe(-41.5);
  });
});

describe('advisor rule', () => {
  it('needs a colour device when colour is asked for without colour pages', () => {
    const d = findDevice(defaultCatalogue, 'km-227');
    if (!d) throw new Error('km-227');
    expect(misfits(d, { mono: 100 }, { color: true })).toEqual(['color']);
    expect(misfits(d, { mono: 3500 * DUTY_HEADROOM })).toEqual([]);
    expect(misfits(d, { mono: 3500 * DUTY_HEADROOM + 1 })).toEqual(['duty']);
  });

  it('leaves the clicked device out when it is the best', () => {
    const advice = advise(defaultCatalogue, { mono: 5100, color: 900 }, {}, 'km-c258');
    expect(advice.clicked).toBeUndefined();
    expect(advice.difference).toBeUndefined();
  });
});
