// The two devices `KSEROWO_DEVICE_SIM=1 npm start` runs, so a newcomer sees readings arrive: a
// colour C3320i whose cyan toner is at 18 % and a mono 227 that calls for service. Their
// counters grow by a page a second or so while they run.
import { startDevice } from './device.mjs';
import { MODELS } from './models.mjs';

/** The demo devices: enter these serials on a contract, then enrol a collector for it. */
export const DEMO_DEVICES = [
  { model: 'c3320i', serial: 'AA2J021000001', mono: 12000, color: 3400, toner: { cyan: 18 }, growPerMinute: 60 },
  { model: '227', serial: 'A7AJ021000003', mono: 45210, service: true, growPerMinute: 30 },
];

/**
 * Starts the demo devices on UDP 127.0.0.1, ports KSEROWO_DEVICE_SIM_PORT and the next (default
 * 16161, 16162: the same command enrols and polls them after every restart).
 * @param {number} apiPort the port npm start serves on
 * @returns {Promise<{ lines: string[], stop: () => Promise<void> }>}
 */
export async function startDemoDevices(apiPort) {
  const base = Number(process.env.KSEROWO_DEVICE_SIM_PORT ?? 16161);
  /** @type {import('./device.mjs').SimDevice[]} */
  const devices = [];
  for (const [i, demo] of DEMO_DEVICES.entries()) {
    devices.push(
      await startDevice({ ...demo, port: base + i }).catch((error) => {
        throw new Error(
          `KSEROWO_DEVICE_SIM: UDP ${base + i} (${error.message}); choose another KSEROWO_DEVICE_SIM_PORT.`,
        );
      }),
    );
  }
  const hosts = devices.map((d) => `${d.host}:${d.port}`).join(',');
  const lines = [
    `Symulowane urządzenia (docs/collector.md): ${DEMO_DEVICES.map((d, i) => `${MODELS[d.model]?.descr} ${d.serial} na udp://${hosts.split(',')[i]}`).join(', ')}.`,
    `  W panelu (http://127.0.0.1:${apiPort}/admin) dodaj je w „Urządzenia” (każde dostaje swoją umowę), w „Umowy” otwórz umowę i wybierz „Utwórz kolektor i kod rejestracji”, potem uruchom kolektor z tym kodem:`,
    `  npm run collector -- --api http://127.0.0.1:${apiPort} --code <kod> --hosts ${hosts} --state .wrangler/collector-state.json --once`,
    '  Urządzenie innej umowy pojawi się w „Urządzenia” → „Kolektory” jako spoza umowy; jego umowa dostaje własny kolektor (inny --state).',
  ];
  return { lines, stop: async () => void (await Promise.all(devices.map((d) => d.stop()))) };
}
