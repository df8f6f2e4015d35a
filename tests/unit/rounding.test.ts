// One rounding of money: the offer, the bill's overage and the visitor's current contract
// round each amount half up to the grosz the same way (DESIGN §5), so the same pages at the
// same rate never cost a grosz more in one place than in another.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentMonthlyCost } from '../../widgets/core/comparison.ts';
import { overageOf } from '../../widgets/core/meter.ts';
import type { Package } from '../../widgets/core/model.ts';
import { monthlyCost } from '../../widgets/core/pricing.ts';

/** A rate in thousandths of a złoty (0.035 zł is 35), as a visitor or the catalogue may state it. */
const rateMills = fc.integer({ min: 1, max: 2000 });
const pagesOver = fc.integer({ min: 0, max: 200_000 });

/** Exact half-up rounding in integers: pages × mills / 10 grosze. */
const exactGrosze = (pages: number, mills: number): number => Math.floor((pages * mills + 5) / 10);

const pkg = (mills: number): Package => ({
  level: 'basic',
  monthlyPrice: 0,
  monthlyLimit: 1000,
  colorLimit: 100,
  overage: { mono: mills / 1000, color: mills / 1000 },
});

describe('an overage amount', () => {
  it('is the same in the offer, the bill and the comparison, half up to the grosz', () => {
    fc.assert(
      fc.property(pagesOver, rateMills, (over, mills) => {
        const expected = exactGrosze(over, mills) / 100;
        const offer = monthlyCost(pkg(mills), { mono: 1000 + over, color: 100 + over });
        const bill = overageOf({ mono: 1000 + over, color: 100 + over }, pkg(mills));
        const current = currentMonthlyCost({ monthlyFee: 0, rateMono: mills / 1000 }, { mono: over });
        expect([offer.extraMono, offer.extraColor, bill.amountMono, bill.amountColor, current]).toEqual([
          expected,
          expected,
          expected,
          expected,
          expected,
        ]);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds 7 pages at 0,035 zł to 0,25 zł wherever it is counted', () => {
    expect(overageOf({ mono: 1007, color: 100 }, pkg(35)).amountMono).toBe(0.25);
    expect(currentMonthlyCost({ monthlyFee: 0, rateMono: 0.035 }, { mono: 7 })).toBe(0.25);
  });
});

describe("the current contract's fee", () => {
  it('is rounded as the offer rounds, a fee of 1,005 zł being 1,01 zł', () => {
    expect(currentMonthlyCost({ monthlyFee: 1.005 }, { mono: 0 })).toBe(1.01);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), (mills) => {
        const fee = mills / 1000;
        expect(currentMonthlyCost({ monthlyFee: fee }, { mono: 0 })).toBe(
          monthlyCost({ ...pkg(10), monthlyPrice: fee }, { mono: 0 }).total,
        );
      }),
      { numRuns: 2000 },
    );
  });
});
