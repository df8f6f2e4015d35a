// A seeded quarter of three contracts, billed twice: before and after the price list
// changes (a new catalogue version and an amendment from the next month). The bills of the
// quarter are the same, byte for byte; the table is printed for the closing note.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Bill } from './bill.ts';
import { addRates } from '../contracts/model-contract-rates.ts';
import { publishVersion } from '../catalogue/model.ts';
import { type ContractWithDevices, createContract, recordContractReading } from '../contracts/model.ts';
import { billOfContract } from '../contracts/model-contract-bills.ts';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { formatPln } from '../../widgets/core/format.ts';

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

const row = (b: Bill) =>
  [
    b.period,
    b.contract.padEnd(14),
    b.company.padEnd(10),
    b.lines
      .map((l) => `${l.serial} ${l.usedMono}/${l.usedColor}`)
      .join(', ')
      .padEnd(34),
    formatPln(b.feeNet, 2).padStart(12),
    formatPln(b.overageNet, 2).padStart(12),
    formatPln(b.net, 2).padStart(12),
    formatPln(b.gross, 2).padStart(12),
  ].join(' | ');

async function quarterTable(contracts: ContractWithDevices[]): Promise<string> {
  const lines = [
    'okres   | umowa          | klient     | strony mono/kolor                      |   abonament |  ponad limit |        netto |       brutto',
  ];
  for (const period of QUARTER)
    for (const c of contracts) {
      const bill = await billOfContract(db(), c.id, period);
      if (bill) lines.push(row(bill));
    }
  return lines.join('\n');
}

describe('a quarter of three contracts', () => {
  it('bills the same before and after a price change', async () => {
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

    const before = await quarterTable([alfa, beta, gamma]);

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

    const after = await quarterTable([alfa, beta, gamma]);
    console.log(
      `\nKwartał 2026-07…09, przed zmianą cen:\n${before}\n\npo nowym cenniku i aneksie od 2026-10:\n${after}\n`,
    );
    expect(after).toBe(before);
    expect(before.split('\n')).toHaveLength(1 + 9);
    // October does change for Alfa (the amendment), so the prices did move.
    expect((await billOfContract(db(), alfa.id, '2026-10'))?.feeNet).toBe(339);
  });
});
