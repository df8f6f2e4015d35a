// Device profiles: declarative JSON, one per model family (collector/profiles/*.json). A profile
// names the counters it reads and where each OID comes from, and says whether a reading through it
// was ever checked against a device's counter screen (the Worker holds unchecked readings for the desk).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The counter names of the protocol, in its order. */
export const COUNTER_NAMES = [
  'total',
  'blackCopy',
  'blackPrint',
  'fullColourCopy',
  'fullColourPrint',
  'singleColourCopy',
  'singleColourPrint',
  'twoColourCopy',
  'twoColourPrint',
];

/**
 * @typedef {object} Profile
 * @property {string} id
 * @property {string} family
 * @property {string} match a regular expression over the model ("bizhub C3320i")
 * @property {boolean} checkedAgainstCounterScreen
 * @property {string} checkedNote
 * @property {Record<string, { oid: string, source: string }>} counters
 * @property {boolean} [fallback] tried after every other profile
 */

const DIR = path.join(import.meta.dirname, 'profiles');

/**
 * The profiles, the fallback last; a malformed profile stops the collector at once.
 * @param {string} [dir]
 * @returns {Profile[]}
 */
export function loadProfiles(dir = DIR) {
  const profiles = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => checkProfile(JSON.parse(readFileSync(path.join(dir, name), 'utf8')), name));
  return [...profiles.filter((p) => !p.fallback), ...profiles.filter((p) => p.fallback)];
}

/**
 * @param {any} profile
 * @param {string} file
 * @returns {Profile}
 */
function checkProfile(profile, file) {
  const fail = (/** @type {string} */ why) => {
    throw new Error(`collector/profiles/${file}: ${why}`);
  };
  if (typeof profile?.id !== 'string' || !/^[a-z0-9-]+$/.test(profile.id))
    fail('id must be lower-case letters, digits, -');
  if (typeof profile.checkedAgainstCounterScreen !== 'boolean')
    fail('checkedAgainstCounterScreen must be true or false');
  if (typeof profile.match !== 'string') fail('match must be a regular expression');
  for (const [name, counter] of Object.entries(profile.counters ?? fail('counters missing'))) {
    if (!COUNTER_NAMES.includes(name)) fail(`unknown counter "${name}" (${COUNTER_NAMES.join(', ')})`);
    const { oid, source } = /** @type {any} */ (counter);
    if (typeof oid !== 'string' || !/^\d+(\.\d+)+$/.test(oid)) fail(`${name}: oid must be a dotted OID`);
    if (typeof source !== 'string' || source.length < 10) fail(`${name}: say where the OID comes from (source)`);
  }
  return profile;
}

/**
 * The profile for a model ("bizhub C3320i").
 * @param {Profile[]} profiles
 * @param {string} model
 * @returns {Profile}
 */
export function profileFor(profiles, model) {
  const found = profiles.find((p) => new RegExp(p.match, 'i').test(model));
  if (!found) throw new Error(`no profile for "${model}" and no fallback profile`);
  return found;
}
