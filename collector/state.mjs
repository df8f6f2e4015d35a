// The collector's state file: its key (so readable by its user only, 0600), the pushes waiting
// for the Worker, the devices it stopped asking after a wrong SNMPv3 password, the addresses
// where it found a device. Written whole to a temporary file and renamed, so a crash leaves the old one.
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** Pushes kept while the Worker cannot be reached: 6 polls a day for about five months. */
export const SPOOL_LIMIT = 1000;

/**
 * @typedef {object} Push
 * @property {string} pushId
 * @property {string} createdAt
 * @property {import('./read-device.mjs').Reading[]} readings
 * @property {Array<{ host: string, at: string, reason: 'timeout' | 'auth' | 'error' }>} failures
 */

/**
 * @typedef {object} CollectorState
 * @property {1} version
 * @property {string} [api] the base URL it enrolled with
 * @property {string} [collectorId]
 * @property {string} [key] the HMAC key the Worker gave at enrolment
 * @property {string} [enrolledAt]
 * @property {Record<string, { fingerprint: string, at: string }>} authLocked "host:port" → the SNMPv3 credentials (their hash) a device refused
 * @property {Record<string, string>} known "host:port" → the serial last read there
 * @property {Push[]} spool pushes not yet taken by the Worker, oldest first
 * @property {Push[]} rejected pushes the Worker refused for good (400/413/422), kept for the desk
 * @property {string} [lastPollAt]
 * @property {string} [lastPushAt]
 */

/**
 * The state in the file, or a new one.
 * @param {string} file
 * @returns {CollectorState}
 */
export function loadState(file) {
  if (!existsSync(file)) return { version: 1, authLocked: {}, known: {}, spool: [], rejected: [] };
  const state = JSON.parse(readFileSync(file, 'utf8'));
  if (state?.version !== 1) throw new Error(`${file}: to nie jest plik stanu kolektora (version 1).`);
  return { authLocked: {}, known: {}, spool: [], rejected: [], ...state };
}

/**
 * Writes the state, readable and writable by its owner only.
 * @param {string} file
 * @param {CollectorState} state
 */
export function saveState(file, state) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}
