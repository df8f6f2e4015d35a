// The collector polling a /24: four simulated devices (bizhub C3320i, C258, 4052, 227 on
// 127.0.0.1–4) and 250 silent addresses of 127.0.0.0/24, with the collector's defaults
// (2 s per request, one retry, 64 devices at once). Time and CPU per poll; nothing is pushed
// (the Worker's side is bench/collector-push.bench.mjs).
import { cpus, loadavg } from 'node:os';
import { pollTargets } from '../collector/poll.mjs';
import { loadProfiles } from '../collector/profiles.mjs';
import { startDevice } from '../collector/sim/device.mjs';
import { parseTargets } from '../collector/targets.mjs';

export const title = 'Collector: a /24 polled (4 devices, 250 silent addresses)';

const POLLS = 3;

/** @param {{ deadline: number }} options */
export async function run({ deadline }) {
  const first = await startDevice({ model: 'c3320i', serial: 'AA2J021000001', mono: 12000, color: 3400, port: 0 });
  const { port } = first;
  const devices = [
    first,
    await startDevice({ model: 'c258', serial: 'A7PU021012345', mono: 1000, color: 200, host: '127.0.0.2', port }),
    await startDevice({ model: '4052', serial: 'AAFH021000004', mono: 5000, host: '127.0.0.3', port }),
    await startDevice({ model: '227', serial: 'A7AJ021000003', mono: 777, host: '127.0.0.4', port }),
  ];
  const targets = parseTargets(`127.0.0.0/24:${port}`);
  const state = { version: /** @type {const} */ (1), authLocked: {}, known: {}, spool: [], rejected: [] };
  const rows = [];
  try {
    for (let i = 0; i < POLLS && Date.now() < deadline - 60_000; i++) {
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      const result = await pollTargets(targets, state, { profiles: loadProfiles() });
      const ms = performance.now() - t0;
      const used = process.cpuUsage(cpu);
      rows.push({
        ms,
        cpuMs: (used.user + used.system) / 1000,
        readings: result.readings.length,
        failures: result.failures.length,
      });
    }
  } finally {
    await Promise.all(devices.map((device) => device.stop()));
  }
  const table = rows
    .map(
      (r, i) =>
        `| ${i + 1} | ${(r.ms / 1000).toFixed(1)} s | ${Math.round(r.cpuMs)} ms | ${r.readings} | ${r.failures} |`,
    )
    .join('\n');
  const mean = rows.reduce((sum, r) => sum + r.ms, 0) / Math.max(1, rows.length);
  return `${targets.length} addresses, the collector's defaults (2 s per request, 1 retry, 64 at once); the devices answer from the same process (${cpus().length} cores, load average ${(loadavg()[0] ?? 0).toFixed(1)}).

| poll | time | CPU (collector + simulated devices) | readings | failures |
|---|---|---|---|---|
${table}

Mean ${(mean / 1000).toFixed(1)} s per poll of a /24 (goal: well under a minute). The 250 silent addresses are not failures (no device was ever there); each costs 2 × 2 s of waiting: ⌈250 / 64⌉ = 4 waves × 4 s = 16 s.`;
}
