// Finds the processes a benchmark run left behind: every live process whose working
// directory is inside the project and that started after the run did (wrangler, workerd,
// Chromium and its helpers all inherit the project directory). Linux /proc only.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** `{state, ppid, startTicks}` from /proc/PID/stat (the name may hold spaces and parentheses). */
function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: rest[0], ppid: Number(rest[1]), startTicks: Number(rest[19]) };
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
 * `sinceTicks` with a working directory inside `dir`, other than this process and its ancestors.
 * @returns {{pid: number, command: string}[]}
 */
export function processesLeftBehind(dir, sinceTicks) {
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
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid, command });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Waits up to `ms` for the leftovers to exit by themselves; kills (SIGKILL, by pid) those that do not. */
export async function reapLeftovers(dir, sinceTicks, ms = 5000) {
  let left = processesLeftBehind(dir, sinceTicks);
  for (const deadline = Date.now() + ms; left.length > 0 && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 250));
    left = processesLeftBehind(dir, sinceTicks);
  }
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return left;
}
