// The monthly reading reminder: from the 25th (Warsaw) each running contract's billing
// e-mail gets one message with its devices' reading links, once per month.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendReadingReminders } from './reminders.ts';
import { READING_REMINDER_DAY } from '../../widgets/core/terms.ts';
import type { ContractList } from '../admin-shared/admin-api.ts';
import { login, read } from '../../tests/worker/admin-helpers.ts';
import { db, sign, tokenOf } from '../../tests/worker/contracts-helpers.ts';

const testEnv = env as unknown as Env;
let cookie = '';

beforeAll(async () => {
  cookie = await login('203.0.113.25', 'Ola');
  await sign(
    cookie,
    { serial: 'REMIND-1', deviceId: 'km-c258', level: 'business' },
    { startDate: '2026-01-01', billingEmail: 'faktury@alfa.pl' },
  );
  // Ended before November 2026: no reminder.
  await sign(
    cookie,
    { serial: 'REMIND-OLD', deviceId: 'km-227', level: 'basic' },
    { startDate: '2024-01-01', termMonths: 24, billingEmail: 'stare@beta.pl' },
  );
});

const mails = () =>
  db()
    .prepare('SELECT recipient, subject, body FROM outbox WHERE contract_id IS NOT NULL ORDER BY id')
    .all<{ recipient: string; subject: string; body: string }>()
    .then((r) => r.results);

describe('the reading reminder', () => {
  it(`sends nothing before the ${READING_REMINDER_DAY}th`, async () => {
    expect(await sendReadingReminders(testEnv, new Date('2026-11-24T12:00:00Z'))).toEqual({ period: null, sent: 0 });
    expect(await mails()).toEqual([]);
  });

  it('on the 25th (Warsaw) mails each running contract its reading links, once', async () => {
    // 23:30 UTC on the 24th is already the 25th in Warsaw.
    const first = await sendReadingReminders(testEnv, new Date('2026-11-24T23:30:00Z'));
    expect(first).toEqual({ period: '2026-11', sent: 1 });
    const again = await sendReadingReminders(testEnv, new Date('2026-11-26T08:00:00Z'));
    expect(again).toEqual({ period: '2026-11', sent: 0 });
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail?.recipient).toBe('faktury@alfa.pl');
    expect(mail?.subject).toContain('podaj stan licznika do 30.11.2026');
    expect(mail?.body).toContain(`https://kserowo.pl/licznik?t=${await tokenOf('REMIND-1')}`);
    expect(mail?.body).toContain('Konica Minolta bizhub C258, nr seryjny REMIND-1');
    expect(mail?.body).toContain('strona A3 to 2 strony A4');
  });

  it('shows the team the links and the reminder sent', async () => {
    const list = (await (await read('/api/admin/contracts', cookie)).json()) as ContractList;
    const contract = list.contracts.find((c) => c.devices.some((d) => d.serial === 'REMIND-1'))!;
    expect(contract.devices[0]?.readingLink).toBe(`http://kserowo.test/licznik?t=${await tokenOf('REMIND-1')}`);
    expect(contract.reminders).toEqual([expect.objectContaining({ period: '2026-11' })]);
    expect(['pending', 'sending', 'sent']).toContain(contract.reminders[0]?.state);
  });
});
