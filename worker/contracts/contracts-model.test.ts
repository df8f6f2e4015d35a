// The contract model's API (worker/contracts/model.ts), as the admin, the online order
// and the customer portal use it: signing freezes the catalogue's prices, the devices get
// reading tokens, readings follow the counter's rules, and the bill uses the frozen rates.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { billOfContract } from './model-contract-bills.ts';
import { contractDevices, createContract, deviceByReadingToken, recordContractReading } from './model.ts';
import { contractsForEmail } from './model-billing-email.ts';

const db = () => (env as unknown as Env).DB;

const sign = (serial: string, email = 'faktury@alfa.pl') =>
  createContract(db(), {
    customer: { company: 'Alfa sp. z o.o.', nip: '5260250274', billingEmail: email },
    devices: [{ serial, deviceId: 'km-c3350i', level: 'premium' }],
    startDate: '2026-01-01',
    termMonths: 36,
    catalogue: defaultCatalogue,
    createdBy: 'test',
  });

describe('contracts', () => {
  it('signs a contract with the prices of the catalogue it was given, and finds it by e-mail and token', async () => {
    const made = await sign('MODEL-1', 'Faktury@Alfa.pl');
    if (typeof made !== 'object' || 'error' in made) throw new Error(String(made));
    expect(made.number).toMatch(/^UM-2026-\d{6}$/);
    expect(made.devices).toHaveLength(1);
    const [device] = made.devices;
    expect(device?.rates).toMatchObject({
      monthlyPrice: 289,
      overageMono: 0.09,
      overageColor: 0.24,
      catalogueVersion: 0,
    });
    expect(device?.readingToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await contractsForEmail(db(), 'faktury@alfa.pl')).map((c) => c.id)).toContain(made.id);
    const found = await deviceByReadingToken(db(), device?.readingToken ?? '');
    expect(found?.device.serial).toBe('MODEL-1');
    expect(await deviceByReadingToken(db(), 'not-a-token')).toBeNull();
    expect(await sign('MODEL-1')).toBe('serial-taken');
  });

  it('bills a month from the frozen rates and the readings', async () => {
    const made = await sign('MODEL-2');
    if (typeof made !== 'object' || 'error' in made) throw new Error(String(made));
    const [device] = await contractDevices(db(), made.id);
    if (!device) throw new Error('no device');
    const base = { sentBy: 'test', source: 'team' as const, today: '2026-11-20' };
    expect(
      await recordContractReading(db(), made, device, { ...base, readOn: '2026-08-31', mono: 1000, color: 100 }),
    ).toMatchObject({ kind: 'stored' });
    expect(
      await recordContractReading(db(), made, device, { ...base, readOn: '2026-09-30', mono: 4000, color: 900 }),
    ).toMatchObject({ kind: 'stored' });
    const bill = await billOfContract(db(), made.id, '2026-09');
    // 3000 mono (2500 included, 500 × 0.09 = 45) and 800 colour (700 included, 100 × 0.24 = 24), fee 289.
    expect(bill).toMatchObject({ feeNet: 289, overageNet: 69, net: 358, gross: 440.34 });
  });
});
