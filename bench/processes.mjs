// Finds the processes a benchmark run left behind: every live process whose working
// directory is inside the project, that started after the run did, and that carries the
// run's mark in its environment (wrangler, workerd, Chromium and its helpers inherit both
// the project directory and the environment; a developer's own shell in the project, started
// meanwhile, has neither mark and is left alone). Linux /proc only.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** `{state, ppid, startTicks}` from /proc/PID/stat (the name may hold spaces and parentheses). */
function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: rest[0], ppid: Number(rest[1]), startTicks: Number(rest[19]) };
}

/** The environment variable that marks a run's processes (set by `markRun`, inherited by children). */
export const RUN_MARK = 'KSEROWO_BENCH_RUN';

/** Marks this process (and so everything it starts) as belonging to a run; returns the mark. */
export function markRun() {
  process.env[RUN_MARK] = `${process.pid}-${stat(process.pid).startTicks}`;
  return process.env[RUN_MARK];
}

/** True when process `pid` carries `mark` (its environment as it started). */
function carries(pid, mark) {
  return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${RUN_MARK}=${mark}`);
}

/** Start time of this process in clock ticks since boot: the mark to compare with. */
export const ownStartTicks = () => stat(process.pid).startTicks;

/** This process and its ancestors (a parent shell may have started in the same clock tick). */
function selfAndAncestors() {
  const pids = new Set();
  for (let pid = process.pid; pid > 1 && !pids.has(pid); ) {
    pids.add(pid);
    try {
      pid = stat(pid).ppid;
    } catch {
      break;
    }
  }
  return pids;
}

/**
 * Live processes (zombies excluded: they are already gone) started at or after
 * `sinceTicks` with a working directory inside `dir`, other than this process and its
 * ancestors; with `mark`, only those carrying it (`markRun`).
 * @returns {{pid: number, command: string}[]}
 */
export function processesLeftBehind(dir, sinceTicks, mark) {
  const inside = (cwd) => cwd === dir || cwd.startsWith(dir + path.sep);
  const ours = selfAndAncestors();
  const found = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || ours.has(pid)) continue;
    try {
      const s = stat(pid);
      if (s.state === 'Z' || s.startTicks < sinceTicks) continue;
      if (!inside(readlinkSync(`/proc/${pid}/cwd`))) continue;
      if (mark !== undefined && !carries(pid, mark)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid, command });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/**
 * Waits up to `ms` for the leftovers to exit by themselves; kills (SIGKILL, by pid) those
 * that do not, and returns them once they have stopped running.
 */
export async function reapLeftovers(dir, sinceTicks, ms = 5000, mark = undefined) {
  let left = processesLeftBehind(dir, sinceTicks, mark);
  for (const deadline = Date.now() + ms; left.length > 0 && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 250));
    left = processesLeftBehind(dir, sinceTicks, mark);
  }
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  // SIGKILL is delivered asynchronously: return once the killed ones have stopped running.
  const killed = new Set(left.map((p) => p.pid));
  const running = () => processesLeftBehind(dir, sinceTicks, mark).some((p) => killed.has(p.pid));
  for (const deadline = Date.now() + 2000; killed.size > 0 && running() && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return left;
}
