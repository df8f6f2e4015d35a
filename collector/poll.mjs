// One poll of every target, a few at a time: readings by serial, failures by address. A device
// that refused our SNMPv3 keys once is not asked again until its keys in the configuration change.
import { createHash } from 'node:crypto';
import { readDevice } from './read-device.mjs';

/**
 * @typedef {object} PollOptions
 * @property {import('./profiles.mjs').Profile[]} profiles
 * @property {string} [community]
 * @property {{ user: string, authKey: string, privKey: string }} [v3] the read user
 * @property {(target: import('./targets.mjs').HostTarget) => boolean} [usesV3] which targets speak v3 (default: all when v3 is set)
 * @property {number} [concurrency] devices asked at once, default 64
 * @property {number} [timeoutMs]
 * @property {number} [retries]
 */

/**
 * @typedef {object} PollResult
 * @property {import('./read-device.mjs').Reading[]} readings
 * @property {import('./state.mjs').Push['failures']} failures
 * @property {Array<{ host: string, detail: string }>} details what went wrong where, for the log
 * @property {number} notPrinters addresses that answered but are no printer
 */

/**
 * Polls the targets once and updates the state's auth locks and known addresses.
 * @param {import('./targets.mjs').HostTarget[]} targets
 * @param {import('./state.mjs').CollectorState} state
 * @param {PollOptions} options
 * @returns {Promise<PollResult>}
 */
export async function pollTargets(targets, state, options) {
  const opts = {
    ...options,
    concurrency: options.concurrency ?? 64,
    usesV3: options.usesV3 ?? (() => Boolean(options.v3)),
  };
  const fingerprint = opts.v3 ? credentialsFingerprint(opts.v3) : undefined;
  /** @type {PollResult} */
  const result = { readings: [], failures: [], details: [], notPrinters: 0 };
  const serials = new Set();

  /** @param {import('./targets.mjs').HostTarget} target */
  const pollOne = async (target) => {
    const key = `${target.host}:${target.port}`;
    const v3 = opts.v3 && opts.usesV3(target) ? opts.v3 : undefined;
    const locked = state.authLocked[key];
    if (locked && v3 && locked.fingerprint === fingerprint) {
      result.failures.push({ host: key, at: new Date().toISOString(), reason: 'auth' });
      result.details.push({ host: key, detail: `nie pytam: urządzenie odrzuciło te dane SNMPv3 ${locked.at}` });
      return;
    }
    // A change of keys (or v2c now) is a new configuration: the device may be asked again.
    if (locked) delete state.authLocked[key];
    const outcome = await readDevice(
      { host: target.host, port: target.port, community: opts.community, v3 },
      { profiles: opts.profiles, timeoutMs: opts.timeoutMs, retries: opts.retries },
    );
    const at = new Date().toISOString();
    if ('reading' in outcome) {
      state.known[key] = outcome.reading.serial;
      if (serials.has(outcome.reading.serial)) return; // the same device at a second address
      serials.add(outcome.reading.serial);
      result.readings.push(outcome.reading);
      return;
    }
    if ('notPrinter' in outcome) {
      result.notPrinters += 1;
      return;
    }
    if (outcome.failure === 'auth' && v3 && fingerprint) state.authLocked[key] = { fingerprint, at };
    // An empty address of a range is no device: only a named host or one that had a device fails.
    if (outcome.failure !== 'timeout' || target.explicit || state.known[key]) {
      result.failures.push({ host: key, at, reason: outcome.failure });
      result.details.push({ host: key, detail: outcome.detail });
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = /** @type {import('./targets.mjs').HostTarget} */ (targets[next++]);
      await pollOne(target);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, targets.length) }, worker));
  result.readings.sort((a, b) => a.serial.localeCompare(b.serial));
  result.failures.sort((a, b) => a.host.localeCompare(b.host, undefined, { numeric: true }));
  return result;
}

/**
 * What identifies the SNMPv3 configuration without keeping its passwords in the state file.
 * @param {{ user: string, authKey: string, privKey: string }} v3
 */
export function credentialsFingerprint(v3) {
  return createHash('sha256').update(`${v3.user}\0${v3.authKey}\0${v3.privKey}`).digest('hex').slice(0, 16);
}
