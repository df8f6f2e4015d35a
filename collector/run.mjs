// A run of the collector: enrol the first time, poll, keep the push on disk, then send every
// push waiting there, oldest first; and the long-running mode's schedule.
import { randomUUID } from 'node:crypto';
import { enrol, PUSH_READINGS, RefusedError, sendPush } from './client.mjs';
import { pollTargets } from './poll.mjs';
import { loadState, saveState, SPOOL_LIMIT } from './state.mjs';

/**
 * @typedef {object} RunConfig
 * @property {URL} api
 * @property {string} [code] the enrolment code, needed only the first time
 * @property {import('./targets.mjs').HostTarget[]} targets
 * @property {string} stateFile
 * @property {import('./poll.mjs').PollOptions} poll
 * @property {(line: string) => void} [log]
 */

/**
 * @typedef {object} RunSummary
 * @property {number} readings
 * @property {number} failures
 * @property {number} delivered pushes the Worker took in this run
 * @property {number} waiting pushes still on disk
 * @property {string} [problem] why some wait
 * @property {number} pollMs
 */

/**
 * Enrols if needed, polls once, sends what waits.
 * @param {RunConfig} config
 * @returns {Promise<RunSummary>}
 */
export async function runOnce(config) {
  const log = config.log ?? (() => {});
  const state = loadState(config.stateFile);
  if (!state.key || !state.collectorId) {
    if (!config.code) throw new RefusedError('Pierwsze uruchomienie: podaj --code z panelu Kserowo.', 0);
    const credentials = await enrol(config.api, config.code);
    Object.assign(state, credentials, { api: config.api.href, enrolledAt: new Date().toISOString() });
    saveState(config.stateFile, state);
    log(`Zarejestrowano kolektor ${credentials.collectorId}; klucz zapisany w ${config.stateFile}.`);
  }

  const started = Date.now();
  const result = await pollTargets(config.targets, state, config.poll);
  const pollMs = Date.now() - started;
  for (const { host, detail } of result.details) log(`${host}: ${detail}`);
  log(
    `Odczyt: ${result.readings.length} urządzeń, ${result.failures.length} nieudanych, ${config.targets.length} adresów w ${(pollMs / 1000).toFixed(1)} s.`,
  );
  state.lastPollAt = new Date().toISOString();
  if (result.readings.length > 0 || result.failures.length > 0) {
    state.spool.push(...pushesOf(result.readings, result.failures, state.lastPollAt));
    const over = state.spool.length - SPOOL_LIMIT;
    if (over > 0) log(`Za długo bez połączenia: usuwam ${over} najstarszych odczytów z kolejki.`);
    if (over > 0) state.spool.splice(0, over);
  }
  // On disk before the first byte goes out: a crash or a cut from here on loses nothing.
  saveState(config.stateFile, state);
  const sent = await flush(config.api, state, config.stateFile, log);
  return {
    readings: result.readings.length,
    failures: result.failures.length,
    pollMs,
    ...sent,
  };
}

/**
 * A poll's pushes: its readings in pushes of at most PUSH_READINGS (the Worker stores a push in one
 * request, within D1's limit of queries per request), the failed hosts with the first.
 * @param {import('./state.mjs').Push['readings']} readings
 * @param {import('./state.mjs').Push['failures']} failures
 * @param {string} createdAt
 * @returns {import('./state.mjs').Push[]}
 */
export function pushesOf(readings, failures, createdAt) {
  const pushes = [];
  for (let i = 0; i === 0 || i < readings.length; i += PUSH_READINGS)
    pushes.push({
      pushId: randomUUID(),
      createdAt,
      readings: readings.slice(i, i + PUSH_READINGS),
      failures: i === 0 ? failures : [],
    });
  return pushes;
}

/**
 * Sends the waiting pushes, oldest first; stops at the first that can be sent later.
 * @param {URL} api
 * @param {import('./state.mjs').CollectorState} state
 * @param {string} file
 * @param {(line: string) => void} log
 */
async function flush(api, state, file, log) {
  const credentials = {
    collectorId: /** @type {string} */ (state.collectorId),
    key: /** @type {string} */ (state.key),
  };
  let delivered = 0;
  while (state.spool.length > 0) {
    const push = /** @type {import('./state.mjs').Push} */ (state.spool[0]);
    const outcome = await sendPush(api, credentials, push);
    if (!outcome.delivered && outcome.retry) {
      log(`Odczyty czekają na dysku (${state.spool.length}): ${outcome.why}.`);
      return { delivered, waiting: state.spool.length, problem: outcome.why };
    }
    state.spool.shift();
    if (outcome.delivered) {
      delivered += 1;
      state.lastPushAt = new Date().toISOString();
      log(`Wysłano ${push.readings.length} odczytów: ${JSON.stringify(outcome.answer)}.`);
    } else {
      state.rejected.push(push);
      log(`Kserowo odrzuciło odczyty ${push.pushId} (${outcome.why}); zostają w pliku stanu (rejected).`);
    }
    saveState(file, state);
  }
  return { delivered, waiting: 0 };
}

/**
 * When the long-running mode polls next: every `everyMs`, and on the month's last day at
 * 18:00 (the machine's local time, the customer's) so the month closes on a fresh reading.
 * @param {Date} now
 * @param {number} everyMs
 * @returns {Date}
 */
export function nextPollAt(now, everyMs) {
  const regular = new Date(now.getTime() + everyMs);
  const monthEnd = new Date(now.getFullYear(), now.getMonth() + 1, 0, 18, 0, 0, 0);
  return monthEnd > now && monthEnd < regular ? monthEnd : regular;
}
