// The collector against the simulated devices and a stand-in of the Worker (fake-worker.ts):
// a /24, the Konica Minolta counters and the unit, a timeout, a wrong SNMPv3 password, a Worker
// restart and a network cut. Short SNMP timeouts keep the file's CPU small.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiBase, RefusedError } from '../client.mjs';
import { loadProfiles } from '../profiles.mjs';
import { runOnce } from '../run.mjs';
import { startDevice, type SimDevice } from '../sim/device.mjs';
import { loadState } from '../state.mjs';
import { parseTargets } from '../targets.mjs';
import { type FakeWorker, newDatabase, startFakeWorker } from './fake-worker.ts';

const profiles = loadProfiles();
const poll = { profiles, timeoutMs: 200, retries: 1 };
let dir: string;
const started: Array<SimDevice | FakeWorker> = [];
const track = <T extends SimDevice | FakeWorker>(thing: T) => {
  started.push(thing);
  return thing;
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kserowo-collector-'));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((thing) => thing.stop()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const stateFile = () => path.join(dir, `state-${++files}.json`);

describe('a /24 with four devices and 250 silent addresses', () => {
  it('reads the four in well under a minute, once each, and reports no empty address as a failure', async () => {
    // Four devices on one port of 127.0.0.1–4; the other 250 addresses of 127.0.0.0/24 have nothing there.
    const first = track(
      await startDevice({
        model: 'c3320i',
        serial: 'AA2J021000001',
        mono: 12000,
        color: 3400,
        host: '127.0.0.1',
        port: 0,
      }),
    );
    const port = first.port;
    track(
      await startDevice({ model: 'c258', serial: 'A7PU021012345', mono: 1000, color: 200, host: '127.0.0.2', port }),
    );
    track(await startDevice({ model: '4052', serial: 'AAFH021000004', mono: 5000, host: '127.0.0.3', port }));
    track(await startDevice({ model: '227', serial: 'A7AJ021000003', mono: 777, host: '127.0.0.4', port }));
    const db = newDatabase(['KOD-24']);
    const worker = track(await startFakeWorker(db));
    const targets = parseTargets(`127.0.0.0/24:${port}`);
    expect(targets).toHaveLength(254);

    const t0 = Date.now();
    // A second per request (the collector's default is 2): the four devices answer in the same
    // process as 64 sessions at once, on a machine whose load may be 25.
    const summary = await runOnce({
      api: apiBase(worker.url),
      code: 'KOD-24',
      targets,
      stateFile: stateFile(),
      poll: { ...poll, timeoutMs: 1000 },
    });
    const ms = Date.now() - t0;
    // 250 silences of 2 × 1 s, 64 at a time: 4 waves, about 8 s.
    console.log(`collector: a /24 (4 devices, 250 silent) polled and pushed in ${ms} ms`);
    expect(ms).toBeLessThan(60_000);
    expect(summary).toMatchObject({ readings: 4, failures: 0, delivered: 1, waiting: 0 });
    expect([...db.readings.values()].map((r) => r.serial).sort()).toEqual([
      'A7AJ021000003',
      'A7PU021012345',
      'AA2J021000001',
      'AAFH021000004',
    ]);
    expect(db.failures).toEqual([]);
  }, 90_000);
});

describe('the Konica Minolta counters', () => {
  it('are sent under the protocol names with the unit the device states, and absent counters are omitted', async () => {
    const c258 = track(
      await startDevice({
        model: 'c258',
        serial: 'A7PU021012345',
        mono: 1000,
        color: 200,
        port: 0,
        toner: { cyan: 18, magenta: -3 },
        jam: true,
      }),
    );
    const a4 = track(
      await startDevice({ model: '4052', serial: 'AAFH021000004', mono: 5000, port: 0, unit: 'sheets', service: true }),
    );
    const db = newDatabase(['KOD-KM']);
    const worker = track(await startFakeWorker(db));
    await runOnce({
      api: apiBase(worker.url),
      code: 'KOD-KM',
      targets: parseTargets(`127.0.0.1:${c258.port},127.0.0.1:${a4.port}`),
      stateFile: stateFile(),
      poll,
    });
    const bySerial = new Map([...db.readings.values()].map((r) => [r.serial, r.raw]));
    // mono 1000 splits 2/5 copies: 400 copy + 600 print; colour 200: 80 + 120; total 1000 + 200 = 1200.
    expect(bySerial.get('A7PU021012345')).toMatchObject({
      model: 'bizhub C258',
      profile: 'km-bizhub',
      profileChecked: false,
      unit: 'impressions',
      counters: {
        total: 1200,
        blackCopy: 400,
        blackPrint: 600,
        fullColourCopy: 80,
        fullColourPrint: 120,
        singleColourCopy: 0,
        singleColourPrint: 0,
        twoColourCopy: 0,
        twoColourPrint: 0,
      },
      markerLife: [{ marker: 1, count: 1200 }],
      toner: [
        { colorant: 'black', level: 100, max: 100 },
        { colorant: 'cyan', level: 18, max: 100 },
        { colorant: 'magenta', level: -3, max: 100 },
        { colorant: 'yellow', level: 100, max: 100 },
      ],
      status: { device: 5, errors: ['jammed'], alerts: [{ code: 8, group: '13', description: 'Paper jam' }] },
    });
    // No private table on the A4 model: no counter names at all (never zeros), the life count in sheets.
    expect(bySerial.get('AAFH021000004')).toMatchObject({
      profile: 'km-bizhub-a4',
      unit: 'sheets',
      counters: {},
      markerLife: [{ marker: 1, count: 5000 }],
      status: { device: 5, errors: ['serviceRequested'], alerts: [{ code: 30, group: '5' }] },
    });
  });
});

describe('a device that does not answer', () => {
  it('is a failed poll with reason timeout, asked twice (one retry), and stores no reading', async () => {
    const asleep = track(
      await startDevice({ model: '227', serial: 'A7AJ021000009', mono: 500, port: 0, asleep: true }),
    );
    const db = newDatabase(['KOD-T']);
    const worker = track(await startFakeWorker(db));
    const summary = await runOnce({
      api: apiBase(worker.url),
      code: 'KOD-T',
      targets: parseTargets(`127.0.0.1:${asleep.port}`),
      stateFile: stateFile(),
      poll,
    });
    expect(summary).toMatchObject({ readings: 0, failures: 1, delivered: 1 });
    expect(db.readings.size).toBe(0);
    expect(db.failures).toEqual([{ host: `127.0.0.1:${asleep.port}`, at: expect.any(String), reason: 'timeout' }]);
    expect(asleep.requests()).toBe(2);
  });
});

describe('an SNMPv3-only device and a wrong password', () => {
  it('is tried once, then not asked again until the password in the configuration changes', async () => {
    const device = track(
      await startDevice({
        model: 'c3320i',
        serial: 'AA2J021000077',
        mono: 100,
        color: 10,
        port: 0,
        v3: { user: 'kserowo', password: 'dobre-haslo-1' },
      }),
    );
    const db = newDatabase(['KOD-V3']);
    const worker = track(await startFakeWorker(db));
    const file = stateFile();
    const run = (password: string) =>
      runOnce({
        api: apiBase(worker.url),
        code: 'KOD-V3',
        targets: parseTargets(`127.0.0.1:${device.port}`),
        stateFile: file,
        // A device that answers: 2 s, not the file's 200 ms, as an SNMPv3 exchange (discovery, then
        // authPriv) under a full run's load passed 200 ms once and read as a timeout, not 'auth'.
        poll: { ...poll, timeoutMs: 2000, v3: { user: 'kserowo', authKey: password, privKey: password } },
      });
    await run('zle-haslo-12');
    await run('zle-haslo-12');
    await run('zle-haslo-12');
    expect(device.authFailures()).toBe(1);
    expect(db.failures.map((f) => f.reason)).toEqual(['auth', 'auth', 'auth']);
    expect(Object.keys(loadState(file).authLocked)).toEqual([`127.0.0.1:${device.port}`]);
    expect(db.readings.size).toBe(0);

    // The customer's IT corrects the password: a new configuration, the device is asked again.
    await run('dobre-haslo-1');
    expect(device.authFailures()).toBe(1);
    expect([...db.readings.values()].map((r) => r.serial)).toEqual(['AA2J021000077']);
    expect(loadState(file).authLocked).toEqual({});
  });
});

describe('an SNMPv3 user the device does not know', () => {
  it('is answered with a usmStats report: reason auth at once, and the device is not asked again', async () => {
    const device = track(
      await startDevice({
        model: 'c258',
        serial: 'A7PU021000078',
        mono: 100,
        color: 10,
        port: 0,
        v3: { user: 'kserowo', password: 'dobre-haslo-1' },
      }),
    );
    const db = newDatabase(['KOD-V3U']);
    const worker = track(await startFakeWorker(db));
    const file = stateFile();
    const run = () =>
      runOnce({
        api: apiBase(worker.url),
        code: 'KOD-V3U',
        targets: parseTargets(`127.0.0.1:${device.port}`),
        stateFile: file,
        poll: { ...poll, timeoutMs: 2000, v3: { user: 'odczyt', authKey: 'dobre-haslo-1', privKey: 'dobre-haslo-1' } },
      });
    await run();
    // The engine discovery and one request, answered with usmStatsUnknownUserNames: no retry.
    expect(device.requests()).toBe(2);
    await run();
    expect(device.requests()).toBe(2);
    expect(db.failures.map((f) => f.reason)).toEqual(['auth', 'auth']);
  });
});

describe('a board swap', () => {
  it('is sent as the device answers it, counters near zero (the Worker holds it for the desk)', async () => {
    const device = track(
      await startDevice({ model: 'c3320i', serial: 'AA2J021000066', mono: 80000, color: 20000, port: 0 }),
    );
    const db = newDatabase(['KOD-B']);
    const worker = track(await startFakeWorker(db));
    const file = stateFile();
    const run = () =>
      runOnce({
        api: apiBase(worker.url),
        code: 'KOD-B',
        targets: parseTargets(`127.0.0.1:${device.port}`),
        stateFile: file,
        poll,
      });
    await run();
    device.swapBoard();
    await run();
    // Before: 80 000 + 20 000 = 100 000. After the swap the board's own test prints: 12 black + 3 colour = 15.
    expect([...db.readings.values()].map((r) => r.counters.total)).toEqual([100_000, 15]);
  });
});

describe('through a Worker restart and a network cut', () => {
  it('keeps the readings on disk and delivers each once', async () => {
    const device = track(
      await startDevice({ model: 'c3320i', serial: 'AA2J021000055', mono: 2000, color: 500, port: 0 }),
    );
    const db = newDatabase(['KOD-R']);
    let worker = await startFakeWorker(db);
    const port = worker.port;
    const file = stateFile();
    const run = () =>
      runOnce({
        api: apiBase(worker.url),
        code: 'KOD-R',
        targets: parseTargets(`127.0.0.1:${device.port}`),
        stateFile: file,
        poll,
      });

    expect(await run()).toMatchObject({ readings: 1, delivered: 1, waiting: 0 });
    expect(loadState(file).spool).toEqual([]);

    // The Worker is down: the reading waits in the state file.
    await worker.stop();
    device.print(10, 5);
    expect(await run()).toMatchObject({ readings: 1, delivered: 0, waiting: 1 });
    expect(loadState(file).spool).toHaveLength(1);

    // Back on the same address, but the connection drops after it stored the first push and before it answered.
    worker = track(await startFakeWorker(db, port));
    worker.cutAfterStoring = true;
    device.print(20, 0);
    expect(await run()).toMatchObject({ readings: 1, delivered: 0, waiting: 2 });
    expect(db.readings.size).toBe(2);

    // The next run sends both again: the one the Worker had is a duplicate, the other is new.
    expect(await run()).toMatchObject({ readings: 1, delivered: 3, waiting: 0 });
    const stored = [...db.readings.values()].map((r) => r.counters.blackPrint);
    // blackPrint: 2000 − 800 copies = 1200; +10 = 1210; +20 = 1230 (twice: the last two runs read the same counters).
    expect(stored.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1200, 1210, 1230, 1230]);
    expect(db.pushIds.size).toBe(4);
    expect(db.refused).toEqual([]);
    expect(loadState(file).spool).toEqual([]);
  });
});

describe('enrolment', () => {
  it('keeps the key in a file only its owner can read, and a wrong code is refused in Polish', async () => {
    const device = track(await startDevice({ model: '227', serial: 'A7AJ021000011', mono: 50, port: 0 }));
    const db = newDatabase(['KOD-DOBRY']);
    const worker = track(await startFakeWorker(db));
    const targets = parseTargets(`127.0.0.1:${device.port}`);
    await expect(
      runOnce({ api: apiBase(worker.url), code: 'KOD-ZLY', targets, stateFile: stateFile(), poll }),
    ).rejects.toThrow(
      new RefusedError('Kserowo nie przyjęło kodu: Kod jest nieprawidłowy, wykorzystany albo wygasł.', 401),
    );
    const file = stateFile();
    await runOnce({ api: apiBase(worker.url), code: 'KOD-DOBRY', targets, stateFile: file, poll });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadState(file)).toMatchObject({ collectorId: 'col_1', key: db.collectors.get('col_1') });
    // The code is spent; the collector no longer needs it.
    expect(await runOnce({ api: apiBase(worker.url), targets, stateFile: file, poll })).toMatchObject({ delivered: 1 });
    expect(db.readings.size).toBe(2);
  });

  it('says in Polish that Kserowo cannot be reached, and keeps no state, when enrolment finds no server', async () => {
    const worker = await startFakeWorker(newDatabase(['KOD-X']));
    await worker.stop();
    const file = stateFile();
    await expect(
      runOnce({ api: apiBase(worker.url), code: 'KOD-X', targets: parseTargets('127.0.0.1:9'), stateFile: file, poll }),
    ).rejects.toThrow('Rejestracja nieudana: brak połączenia z Kserowo (ECONNREFUSED)');
    expect(loadState(file).key).toBeUndefined();
  });

  it('sends only over https, or http to this machine', () => {
    expect(apiBase('https://kserowo.pl').href).toBe('https://kserowo.pl/');
    expect(apiBase('http://127.0.0.1:8870').href).toBe('http://127.0.0.1:8870/');
    expect(() => apiBase('http://kserowo.pl')).toThrow('tylko https://');
  });
});
