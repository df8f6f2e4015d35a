// The real collector against the real Worker, counters read with nobody typing: `npm run device-sim`
// devices on UDP loopback (free ports), the collector's own command line (`collector/cli.mjs … --once`, as
// `npm run collector` runs it) pushing, signed, to the browser tests' `wrangler dev`
// (scripts/serve-test.mjs) through a TCP relay of this test, which plays the Worker being away
// (closed) and the connection cut after the Worker stored a push (the answer never arrives).
// What the team sees: the readings with their source "licznik urządzenia", the sleeping device
// as a failed poll and never a reading, each push stored once, and a push made while the Worker
// was down kept on disk and sent later, once.
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../scripts/ports.mjs';
import type { CollectorCreated, CollectorList, ReadingList } from '../../worker/admin-shared/admin-api.ts';
import { monthBounds } from '../../widgets/core/meter.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { adminCookie, axeViolationsIn, base, logIn } from './admin-helpers.ts';
import { d1 } from './test-db.ts';

const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
let dir = '';
let relays: { down: () => Promise<void> }[] = [];
test.afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
  await Promise.all(relays.map((r) => r.down()));
  relays = [];
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** A UDP port free on 127.0.0.1 now. */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** Runs a script of the repository with Node; resolves with its exit code and output (or at `until`). */
function run(args: string[], until?: RegExp): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolve) => {
    const take = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (until?.test(out)) resolve({ code: null, out });
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/**
 * A TCP relay in front of the test server on a port of its own: `up` passes everything; `cut`
 * passes the request but drops the connection when the answer starts (the Worker has stored the
 * push, the collector never hears so); `down` closes the port (connection refused).
 */
function relay(port: number) {
  let server: Server | undefined;
  let mode: 'up' | 'cut' = 'up';
  const sockets = new Set<Socket>();
  const target = Number(new URL(base).port);
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target, '127.0.0.1');
        sockets.add(client).add(upstream);
        client.pipe(upstream);
        upstream.on('data', (chunk) => (mode === 'cut' ? client.destroy() : client.write(chunk)));
        upstream.on('end', () => client.end());
        for (const s of [client, upstream]) {
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
          s.on('close', () => sockets.delete(s));
        }
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}`,
    async up(next: 'up' | 'cut' = 'up') {
      mode = next;
      if (!server?.listening) await listen();
    },
    async down() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

test('the collector reads simulated copiers and the Worker stores each push once, also after being down', async ({
  page,
}) => {
  // Four collector runs (each a Node start, an SNMP poll with a 1 s timeout for the sleeping
  // device, and a push through wrangler dev) and two simulated devices on a shared machine.
  test.setTimeout(240_000);
  const tag = String(Date.now()).slice(-7);
  const awake = `AA2J${tag}1`;
  const asleep = `AA2J${tag}2`;
  const contractId = `col-e2e-${tag}`;
  const d = new Date();
  const start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 3, 1)).toISOString().slice(0, 10);
  const seq = 800_000 + Number(tag.slice(-5));
  // One contract, two C3320i Basic on it: one that answers, one asleep.
  await d1(
    `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months, catalogue_version, created_by, company_address)
       VALUES ('${contractId}', printf('UM-2024-%06d', ${seq}), 2024, ${seq}, 'Biuro Licznikowe sp. z o.o.', '5260250274', 'liczniki-${tag}@biuro.pl', '${start}', 36, 0, 'test', 'ul. Długa 5, 80-001 Gdańsk');
     ${[awake, asleep]
       .map(
         (
           serial,
         ) => `INSERT INTO devices (serial, device_id, level, contract_start, term_months, company, email, contract_id, reading_token)
       VALUES ('${serial}', 'km-c3320i', 'basic', '${start}', 36, 'Biuro Licznikowe sp. z o.o.', 'liczniki-${tag}@biuro.pl', '${contractId}', 'tok-${serial}');
     INSERT INTO contract_rates (device_row, effective_from, catalogue_version, device_id, device_name, device_type, level,
       monthly_price, monthly_limit, color_limit, overage_mono, overage_color, created_by)
     SELECT id, '${start}', 0, 'km-c3320i', 'Konica Minolta bizhub C3320i', 'color', 'basic', 195, 900, 150, 0.08, 0.22, 'test'
       FROM devices WHERE serial = '${serial}';`,
       )
       .join('\n')}`,
  );

  // The owner creates the site's collector: its one-time code.
  const cookie = await adminCookie();
  const created = await fetch(`${base}/api/admin/collectors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ contractId }),
  });
  expect(created.status).toBe(201);
  const { id: siteId, code } = (await created.json()) as CollectorCreated;

  // Two devices as `npm run device-sim` runs them: 12 000 black and 3 400 colour pages; the other asleep.
  const [awakePort, asleepPort] = [await freeUdpPort(), await freeUdpPort()];
  const sim = (port: number, serial: string, more: string[] = []) =>
    run(
      [
        'collector/sim/cli.mjs',
        ...['--port', String(port), '--model', 'c3320i', '--serial', serial, '--mono', '12000', '--color', '3400'],
        ...more,
      ],
      /Ctrl\+C/,
    );
  await Promise.all([sim(awakePort, awake), sim(asleepPort, asleep, ['--asleep'])]);

  const worker = relay(await freePort());
  relays.push(worker);
  await worker.up();
  dir = mkdtempSync(path.join(tmpdir(), 'kserowo-collector-e2e-'));
  const state = path.join(dir, 'state.json');
  const hosts = `127.0.0.1:${awakePort},127.0.0.1:${asleepPort}`;
  const collector = (first = false) =>
    run([
      'collector/cli.mjs',
      ...['--api', worker.url, ...(first ? ['--code', code] : []), '--hosts', hosts],
      ...['--state', state, '--once', '--timeout', '500'],
    ]);
  const spool = () => (JSON.parse(readFileSync(state, 'utf8')) as { spool: { pushId: string }[] }).spool;
  const reports = async () =>
    (
      await d1<{ serial: string; n: number }>(
        `SELECT serial, count(*) AS n FROM collector_reports WHERE site_id = '${siteId}' GROUP BY serial`,
      )
    ).map((r) => `${r.serial} ×${r.n}`);
  const pushes = async () =>
    (await d1<{ n: number }>(`SELECT count(*) AS n FROM collector_pushes WHERE site_id = '${siteId}'`))[0]?.n;

  // 1. Enrolled with the code, one poll, one push: the awake device read, the sleeping one a failed poll.
  const first = await collector(true);
  expect(first.out).toContain('Zarejestrowano kolektor');
  expect(first.out).toContain('Odczyt: 1 urządzeń, 1 nieudanych');
  expect(first.out).toContain('{"stored":0,"duplicates":0,"held":1,"unknown":0}');
  expect(first.code).toBe(0);
  expect(await reports()).toEqual([`${awake} ×1`]);

  const readings = async (serial: string) =>
    (
      (await (
        await fetch(`${base}/api/admin/readings?serial=${serial}`, { headers: { cookie } })
      ).json()) as ReadingList
    ).readings;
  // 12 000 black = 4 800 copies + 7 200 prints; 3 400 colour = 1 360 + 2 040: the counters the meter bills.
  // The km-bizhub-i profile is not checked against a counter screen: the reading waits for the desk.
  expect(await readings(awake)).toMatchObject([
    {
      readOn: warsawToday(),
      mono: 12_000,
      color: 3_400,
      source: 'collector',
      sentBy: 'licznik urządzenia',
      held: true,
    },
  ]);
  // No reading, no zero, for the device that did not answer: a failed poll in 'Urządzenia'.
  expect(await readings(asleep)).toEqual([]);
  const sites = (await (await fetch(`${base}/api/admin/collectors`, { headers: { cookie } })).json()) as CollectorList;
  expect(sites.collectors.find((s) => s.id === siteId)?.failures).toMatchObject([
    { host: `127.0.0.1:${asleepPort}`, reason: 'timeout' },
  ]);

  // 2. The Worker is down: the poll's push waits on disk, exit 3, nothing arrives.
  await worker.down();
  const away = await collector();
  expect(away.out).toContain('Odczyty czekają na dysku (1)');
  expect(away.code).toBe(3);
  const waiting = spool().map((p) => p.pushId);
  expect(waiting).toHaveLength(1);
  expect(await reports()).toEqual([`${awake} ×1`]);

  // 3. Back, but the connection is cut as the Worker answers: it stored the waiting push, the
  // collector did not hear so and keeps it, with this run's own push behind it.
  await worker.up('cut');
  const cut = await collector();
  expect(cut.code).toBe(3);
  expect(spool().map((p) => p.pushId)).toEqual([...waiting, expect.any(String)]);
  expect(await reports()).toEqual([`${awake} ×2`]);

  // 4. Back for good: the push stored in 3 goes again and is stored nothing twice; then the others.
  await worker.up('up');
  const last = await collector();
  expect(last.out).toContain('"stored":0,"duplicates":1');
  expect(last.code).toBe(0);
  expect(spool()).toEqual([]);
  // Four polls, four pushes taken, one report each: the push sent twice counted once.
  expect(await reports()).toEqual([`${awake} ×4`]);
  expect(await pushes()).toBe(4);
  // One reading a day from the collector; on the month's last day each poll is one, so the month ends on its last counters.
  const today = warsawToday();
  const monthEnd = today === monthBounds(today.slice(0, 7)).to;
  expect(await readings(awake)).toHaveLength(monthEnd ? 4 : 1);
  expect(await readings(asleep)).toEqual([]);

  // What the desk sees in the panel: the reading from the device's counter, waiting for a check.
  await logIn(page, 'Biuro');
  await page.goto('/admin#odczyty');
  await page.getByRole('form', { name: 'Filtr odczytów' }).getByLabel('Numer seryjny').fill(awake);
  await page.getByRole('form', { name: 'Filtr odczytów' }).getByRole('button', { name: 'Pokaż' }).click();
  // The readings' list (the month's bills below it name the device too).
  const row = page.locator('table.reading-list').getByRole('row').filter({ hasText: awake });
  await expect(row).toHaveCount(monthEnd ? 4 : 1);
  await expect(row.first().getByRole('cell').nth(3)).toHaveText('12000');
  await expect(row.first().getByRole('cell').nth(4)).toHaveText('3400');
  await expect(row.first()).toContainText('licznik urządzenia do sprawdzenia');
  await expect(row.first()).toContainText('profil km-bizhub-i nie był sprawdzony z ekranem liczników');
  // Held for its profile, not because a customer confirmed anything: the hint says what the desk does.
  await expect(row.first()).toContainText(
    'Odczyt licznika urządzenia czeka na sprawdzenie: nie liczy się do rozliczenia. Porównaj go z ekranem liczników urządzenia: zgodny przyjmiesz jednym przyciskiem, a kolejne odczyty tego urządzenia nie będą czekać.',
  );
  await expect(row.first()).not.toContainText('Klient potwierdził');
  // The held reading with its check button, as a screen reader meets it.
  expect(await axeViolationsIn(page, 'table.reading-list')).toEqual([]);
  if (process.env.KSEROWO_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.KSEROWO_SCREENSHOTS}/collector-held-1280.png`, fullPage: true });
  // The service compares it with the device's counter screen: the same. One button accepts it (audited), and the
  // device's next readings of this profile count without the desk (worker/collector/collector.test.ts).
  await row
    .first()
    .getByRole('button', { name: /Zgodny z ekranem urządzenia/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: `Przyjęto odczyt ${awake}` })).toContainText(
    'licznik zgodny z ekranem urządzenia',
  );
  const accepted = (await readings(awake)).filter((r) => !r.held && !r.correctedBy && !r.withdrawn);
  expect(accepted).toMatchObject([
    { mono: 12_000, color: 3_400, reason: expect.stringContaining('profil km-bizhub-i') },
  ]);
});
