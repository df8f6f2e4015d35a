// What to poll: hosts and ranges as the customer's IT writes them ("10.0.0.5", "printer:1161",
// "10.0.0.0/24", "10.0.0.10-10.0.0.40", "10.0.0.10-40", a range with ":port" after it). Port 161 unless told.

/** The most addresses one --hosts may name: a /20, so a typo ("/8") cannot start a scan of millions. */
export const MAX_ADDRESSES = 4096;

/**
 * @typedef {object} HostTarget
 * @property {string} host
 * @property {number} port
 * @property {boolean} explicit named one by one (a silence is a failed poll) rather than found in a range
 */

/**
 * Parses a comma-separated list of hosts and ranges.
 * @example parseTargets('10.0.0.0/30,printer:1161') // 10.0.0.1:161, 10.0.0.2:161, printer:1161
 * @param {string} list
 * @returns {HostTarget[]}
 */
export function parseTargets(list) {
  /** @type {Map<string, HostTarget>} */
  const targets = new Map();
  for (const raw of list.split(',').map((item) => item.trim())) {
    if (!raw) continue;
    for (const target of parseOne(raw)) {
      const key = `${target.host}:${target.port}`;
      if (!targets.has(key)) targets.set(key, target);
      if (targets.size > MAX_ADDRESSES) {
        throw new Error(`Za dużo adresów (ponad ${MAX_ADDRESSES}): podaj węższe zakresy w --hosts.`);
      }
    }
  }
  if (targets.size === 0)
    throw new Error('Podaj w --hosts co najmniej jeden adres (np. 192.168.1.50 lub 192.168.1.0/24).');
  return [...targets.values()];
}

/** @param {string} item @returns {HostTarget[]} */
function parseOne(item) {
  const withPort = /^(.*?)(?::(\d{1,5}))?$/.exec(item);
  const spec = withPort?.[1] ?? item;
  const port = withPort?.[2] ? Number(withPort[2]) : 161;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`Zły port w "${item}".`);

  const cidr = /^(\d+\.\d+\.\d+\.\d+)\/(\d{1,2})$/.exec(spec);
  if (cidr) {
    const prefix = Number(cidr[2]);
    if (prefix > 32) throw new Error(`Zła maska w "${item}".`);
    if (32 - prefix > 12) throw new Error(`Zakres "${item}" ma ponad ${MAX_ADDRESSES} adresów: podaj węższy.`);
    const base = toNumber(/** @type {string} */ (cidr[1]), item);
    const size = 2 ** (32 - prefix);
    const network = Math.floor(base / size) * size;
    // A /31 and /32 have no network and broadcast addresses to leave out.
    const [first, last] = size <= 2 ? [network, network + size - 1] : [network + 1, network + size - 2];
    return range(first, last, port);
  }
  const dashed = /^(\d+\.\d+\.\d+\.\d+)-(\d+(?:\.\d+\.\d+\.\d+)?)$/.exec(spec);
  if (dashed) {
    const start = /** @type {string} */ (dashed[1]);
    const endText = /** @type {string} */ (dashed[2]);
    const end = endText.includes('.') ? endText : `${start.split('.').slice(0, 3).join('.')}.${endText}`;
    const [first, last] = [toNumber(start, item), toNumber(end, item)];
    if (last < first) throw new Error(`Zakres "${item}" kończy się przed początkiem.`);
    if (last - first + 1 > MAX_ADDRESSES)
      throw new Error(`Zakres "${item}" ma ponad ${MAX_ADDRESSES} adresów: podaj węższy.`);
    return range(first, last, port);
  }
  if (!/^[A-Za-z0-9.-]+$/.test(spec)) throw new Error(`Nie rozumiem adresu "${item}".`);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(spec)) toNumber(spec, item);
  return [{ host: spec, port, explicit: true }];
}

/** @param {number} first @param {number} last @param {number} port @returns {HostTarget[]} */
function range(first, last, port) {
  const out = [];
  for (let n = first; n <= last; n++) out.push({ host: toAddress(n), port, explicit: false });
  return out;
}

/** @param {string} address @param {string} item */
function toNumber(address, item) {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) {
    throw new Error(`Zły adres IPv4 w "${item}".`);
  }
  return parts.reduce((n, p) => n * 256 + p, 0);
}

/** @param {number} n */
const toAddress = (n) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
