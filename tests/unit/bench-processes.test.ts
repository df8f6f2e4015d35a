import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RUN_MARK, ownStartTicks, processesLeftBehind, reapLeftovers } from '../../bench/processes.mjs';

/** A process that would outlive the run: detached, in `dir`, sleeping (with `env` when given). */
function straySleeper(dir: string, env?: NodeJS.ProcessEnv) {
  const child = spawn('sleep', ['60'], { cwd: dir, detached: true, stdio: 'ignore', ...(env ? { env } : {}) });
  child.unref();
  return child.pid!;
}

describe('the bench leftover check', () => {
  let dir: string;
  let since: number;
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'kserowo-bench-')));
    since = ownStartTicks();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a process started in the project during the run, and not this process or its parents', async () => {
    const pid = straySleeper(dir);
    await new Promise((r) => setTimeout(r, 200));
    expect(processesLeftBehind(dir, since)).toEqual([{ pid, command: 'sleep 60' }]);
    expect(processesLeftBehind(process.cwd(), since).map((p) => p.pid)).not.toContain(process.pid);
    process.kill(pid, 'SIGKILL');
  });

  it('kills what is still running after the grace period, by pid', async () => {
    const pid = straySleeper(dir);
    const left = await reapLeftovers(dir, since, 300);
    expect(left.map((p) => p.pid)).toEqual([pid]);
    // Gone, or a zombie waiting for its parent to reap it: either way no longer running, at once.
    expect(processesLeftBehind(dir, since)).toEqual([]);
  });

  it('reports nothing when every process has ended', async () => {
    expect(await reapLeftovers(dir, since, 100)).toEqual([]);
  });

  it("with the run's mark, leaves alone a process someone else started in the project meanwhile", async () => {
    const ours = straySleeper(dir, { ...process.env, [RUN_MARK]: 'run-1' });
    const theirs = straySleeper(dir, { ...process.env, [RUN_MARK]: '' });
    await new Promise((r) => setTimeout(r, 200));
    const left = await reapLeftovers(dir, since, 300, 'run-1');
    expect(left.map((p) => p.pid)).toEqual([ours]);
    expect(processesLeftBehind(dir, since).map((p) => p.pid)).toEqual([theirs]);
    process.kill(theirs, 'SIGKILL');
  });
});
