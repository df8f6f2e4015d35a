// The command lines other checks rely on (issue 47's contracts): `npm run device-sim -- --port
// --model --serial --mono --color` runs a device until stopped, and `npm run collector -- --api
// --code --hosts --state --once` enrols, polls once, pushes and exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createSocket } from 'node:dgram';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeWorker, newDatabase, startFakeWorker } from './fake-worker.ts';

const root = path.resolve(import.meta.dirname, '../..');
const running: ChildProcess[] = [];
const stopped: FakeWorker[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) child.kill('SIGTERM');
  await Promise.all(stopped.splice(0).map((worker) => worker.stop()));
});

/** A UDP port free on 127.0.0.1 now. */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** Runs a script of the collector; resolves with its exit code and output. */
function run(args: string[], until?: RegExp): Promise<{ code: number | null; out: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '';
  return new Promise((resolve) => {
    const take = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (until?.test(out)) resolve({ code: null, out, child });
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.on('exit', (code) => resolve({ code, out, child }));
  });
}

describe('the command lines', () => {
  it('device-sim runs a device until stopped, and the collector --once enrols, pushes and exits 0', async () => {
    const port = await freeUdpPort();
    const sim = await run(
      [
        'collector/sim/cli.mjs',
        '--port',
        String(port),
        '--model',
        'c3320i',
        '--serial',
        'AA2J021099999',
        '--mono',
        '1000',
        '--color',
        '300',
      ],
      /Ctrl\+C/,
    );
    expect(sim.out).toContain(`udp://127.0.0.1:${port}`);

    const db = newDatabase(['KOD-CLI']);
    const worker = await startFakeWorker(db);
    stopped.push(worker);
    const dir = mkdtempSync(path.join(tmpdir(), 'kserowo-collector-cli-'));
    try {
      const args = ['collector/cli.mjs', '--api', worker.url, '--code', 'KOD-CLI', '--hosts', `127.0.0.1:${port}`];
      const collector = await run([...args, '--state', path.join(dir, 'state.json'), '--once', '--timeout', '1000']);
      expect(collector.out).toContain('Wysłano 1 odczytów');
      expect(collector.code).toBe(0);
      // 1000 mono: 400 copies + 600 prints; 300 colour: 120 + 180; total 1300.
      expect([...db.readings.values()].map((r) => r.counters)).toEqual([
        { total: 1300, blackCopy: 400, blackPrint: 600, fullColourCopy: 120, fullColourPrint: 180 },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    sim.child.kill('SIGTERM');
    expect((await new Promise((resolve) => sim.child.on('exit', resolve))) as number).toBe(0);
  }, 60_000);

  it('the collector refuses an http address of another machine, with exit code 2', async () => {
    const result = await run([
      'collector/cli.mjs',
      '--api',
      'http://kserowo.pl',
      '--hosts',
      '127.0.0.1',
      '--state',
      '/tmp/x',
      '--once',
    ]);
    expect(result.code).toBe(2);
    expect(result.out).toContain('tylko https://');
  });
});
