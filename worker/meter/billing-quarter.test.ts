// A seeded quarter of three contracts, billed twice: before and after the price list
// changes (a new catalogue version and an amendment from the next month). Both times the
// bills are the figures worked out by hand below.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Bill } from './bill.ts';
import { addRates } from '../contracts/model-contract-rates.ts';
import { publishVersion } from '../catalogue/model.ts';
import { type ContractWithDevices, createContract, recordContractReading } from '../contracts/model.ts';
import { billOfContract } from '../contracts/model-contract-bills.ts';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';

const db = () => (env as unknown as Env).DB;
const QUARTER = ['2026-07', '2026-08', '2026-09'];

async function signed(
  company: string,
  nip: string,
  devices: { serial: string; deviceId: string; level: 'basic' | 'business' | 'premium' }[],
) {
  const made = await createContract(db(), {
    customer: { company, nip, billingEmail: `faktury@${nip}.pl` },
    devices,
    startDate: '2026-06-15',
    termMonths: 36,
    catalogue: defaultCatalogue,
    createdBy: 'test',
  });
  if (typeof made !== 'object' || 'error' in made) throw new Error(String(made));
  return made;
}

/** End-of-month counters of a device: [mono, colour] for June (start) to September. */
async function read(contract: ContractWithDevices, serial: string, counters: [number, number | null][]) {
  const device = contract.devices.find((d) => d.serial === serial)!;
  const days = ['2026-06-30', '2026-07-31', '2026-08-31', '2026-09-30'];
  for (const [i, [mono, color]] of counters.entries()) {
    const r = await recordContractReading(db(), contract, device, {
      readOn: days[i]!,
      mono,
      color,
      sentBy: 'test',
      source: 'team',
      confirm: true,
      today: '2026-10-05',
    });
    expect(r.kind).toBe('stored');
  }
}

/** The figures of a bill the test states: fees, overage, net, VAT, gross (zł). */
const figures = (b: Bill | undefined) =>
  b && [b.period, b.company, b.feeNet, b.overageNet, b.net, b.vat, b.gross, b.lines.map((l) => [l.serial, l.net])];

async function quarter(contracts: ContractWithDevices[]) {
  const bills = [];
  for (const period of QUARTER)
    for (const c of contracts) bills.push(figures(await billOfContract(db(), c.id, period)));
  return bills;
}

// Worked out by hand from the catalogue's rates at signing and the counters above:
// Alfa, C3350i Premium (289 zł; 2 500 mono / 700 colour; 0,09 / 0,24 zł): July 2 400 / 650 and
//   September 2 200 / 650 pages are within; August 2 900 / 750: 400 × 0,09 = 36,00 + 50 × 0,24 = 12,00.
// Beta, 227 Basic (219 zł; 1 000; 0,04 zł): August 1 250 pages: 250 × 0,04 = 10,00.
// Gamma, C258 Business (335 zł; 3 000 / 1 000; 0,04 / 0,19 zł) and 4052 Basic (175 zł; 1 000; 0,05 zł):
//   July 3 500 / 1 200: 500 × 0,04 = 20,00 + 200 × 0,19 = 38,00, and 800 pages (within);
//   August 2 500 / 900 (within), and 1 500: 500 × 0,05 = 25,00;
//   September 3 700 / 900: 700 × 0,04 = 28,00, and 700 (within). VAT 23 % of each net, rounded once.
const STATED = [
  ['2026-07', 'Alfa', 289, 0, 289, 66.47, 355.47, [['Q-ALFA-1', 289]]],
  ['2026-07', 'Beta', 219, 0, 219, 50.37, 269.37, [['Q-BETA-1', 219]]],
  [
    '2026-07',
    'Gamma',
    510,
    58,
    568,
    130.64,
    698.64,
    [
      ['Q-GAMMA-1', 393],
      ['Q-GAMMA-2', 175],
    ],
  ],
  ['2026-08', 'Alfa', 289, 48, 337, 77.51, 414.51, [['Q-ALFA-1', 337]]],
  ['2026-08', 'Beta', 219, 10, 229, 52.67, 281.67, [['Q-BETA-1', 229]]],
  [
    '2026-08',
    'Gamma',
    510,
    25,
    535,
    123.05,
    658.05,
    [
      ['Q-GAMMA-1', 335],
      ['Q-GAMMA-2', 200],
    ],
  ],
  ['2026-09', 'Alfa', 289, 0, 289, 66.47, 355.47, [['Q-ALFA-1', 289]]],
  ['2026-09', 'Beta', 219, 0, 219, 50.37, 269.37, [['Q-BETA-1', 219]]],
  [
    '2026-09',
    'Gamma',
    510,
    28,
    538,
    123.74,
    661.74,
    [
      ['Q-GAMMA-1', 363],
      ['Q-GAMMA-2', 175],
    ],
  ],
];

describe('a quarter of three contracts', () => {
  it('bills the stated figures before and after a price change', async () => {
    const alfa = await signed('Alfa', '5260250274', [{ serial: 'Q-ALFA-1', deviceId: 'km-c3350i', level: 'premium' }]);
    const beta = await signed('Beta', '1234563218', [{ serial: 'Q-BETA-1', deviceId: 'km-227', level: 'basic' }]);
    const gamma = await signed('Gamma', '7010002137', [
      { serial: 'Q-GAMMA-1', deviceId: 'km-c258', level: 'business' },
      { serial: 'Q-GAMMA-2', deviceId: 'km-4052', level: 'basic' },
    ]);
    await read(alfa, 'Q-ALFA-1', [
      [10_000, 2_000],
      [12_400, 2_650],
      [15_300, 3_400],
      [17_500, 4_050],
    ]);
    await read(beta, 'Q-BETA-1', [
      [40_000, null],
      [40_900, null],
      [42_150, null],
      [43_000, null],
    ]);
    await read(gamma, 'Q-GAMMA-1', [
      [5_000, 1_000],
      [8_500, 2_200],
      [11_000, 3_100],
      [14_700, 4_000],
    ]);
    await read(gamma, 'Q-GAMMA-2', [
      [20_000, null],
      [20_800, null],
      [22_300, null],
      [23_000, null],
    ]);

    expect(await quarter([alfa, beta, gamma])).toEqual(STATED);

    // The price change: a new catalogue version (every fee +50 zł, overage ×2) and an
    // amendment of Alfa's device from October.
    const dearer = structuredClone(defaultCatalogue.devices);
    for (const d of dearer)
      for (const p of d.packages) {
        p.monthlyPrice += 50;
        p.overage = { mono: p.overage.mono * 2, ...(p.overage.color ? { color: p.overage.color * 2 } : {}) };
      }
    await publishVersion(db(), dearer, 'Cennik od października', 'test');
    const rates = alfa.devices[0]!.rates;
    expect(
      await addRates(
        db(),
        'Q-ALFA-1',
        { ...rates, effectiveFrom: '2026-10-01', catalogueVersion: null, monthlyPrice: 339 },
        'Aneks',
        'test',
      ),
    ).toBe(true);

    expect(await quarter([alfa, beta, gamma])).toEqual(STATED);
    // October does change for Alfa (the amendment), so the prices did move: 339,00 zł, no
    // October reading yet, so no overage; VAT 77,97 zł; gross 416,97 zł.
    expect(figures(await billOfContract(db(), alfa.id, '2026-10'))).toEqual([
      '2026-10',
      'Alfa',
      339,
      0,
      339,
      77.97,
      416.97,
      [['Q-ALFA-1', 339]],
    ]);
  });
});
