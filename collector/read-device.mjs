// Reads one device over SNMP: identity, the counters its profile names, the unit (never
// assumed), toner, state and alerts. A device that does not answer is a failure, never a zero.
import snmp from 'net-snmp';
import { COUNTER_UNITS, errorNames, OID, SUPPLY_TYPE_TONER } from './printer-mib.mjs';
import { profileFor } from './profiles.mjs';

/**
 * @typedef {object} Target
 * @property {string} host
 * @property {number} port
 * @property {string} [community] v2c read community (default public)
 * @property {{ user: string, authKey: string, privKey: string }} [v3] a read user: authPriv, SHA/AES
 */

/**
 * @typedef {object} Reading the protocol's reading
 * @property {string} serial
 * @property {string} model
 * @property {string} profile
 * @property {boolean} profileChecked
 * @property {string} at
 * @property {'impressions' | 'sheets'} unit
 * @property {Record<string, number>} counters
 * @property {Array<{ marker: number, count: number }>} markerLife
 * @property {Array<{ colorant: string, level: number, max: number }>} toner
 * @property {{ device: number | null, errors: string[], alerts: Array<{ code: number, group: string, description: string }> }} status
 */

/** @typedef {{ reading: Reading } | { failure: 'timeout' | 'auth' | 'error', detail: string } | { notPrinter: string }} DeviceResult */

/**
 * @typedef {object} ReadOptions
 * @property {import('./profiles.mjs').Profile[]} profiles
 * @property {number} [timeoutMs] per request, default 2000
 * @property {number} [retries] v2c re-sends of a request, default 1
 */

/** A failure of a reading, with the protocol's reason. */
class ReadFailure extends Error {
  /** @param {'timeout' | 'auth' | 'error'} reason @param {string} detail */
  constructor(reason, detail) {
    super(detail);
    this.reason = reason;
  }
}

/**
 * Reads one device.
 * @param {Target} target
 * @param {ReadOptions} options
 * @returns {Promise<DeviceResult>}
 */
export async function readDevice(target, options) {
  const opts = { ...options, timeoutMs: options.timeoutMs ?? 2000, retries: options.retries ?? 1 };
  const attempt = () => readOnce(target, opts);
  try {
    try {
      return await attempt();
    } catch (error) {
      // SNMPv3 sessions send each request once (a second wrong digest may lock a bizhub in
      // Enhanced Security): a device that never answered the engine discovery is retried once here.
      if (target.v3 && error instanceof ReadFailure && error.reason === 'timeout' && opts.retries > 0) {
        return await attempt();
      }
      throw error;
    }
  } catch (error) {
    if (error instanceof ReadFailure) return { failure: error.reason, detail: error.message };
    return { failure: 'error', detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * @param {Target} target
 * @param {Required<ReadOptions>} opts
 * @returns {Promise<DeviceResult>}
 */
async function readOnce(target, opts) {
  const session = target.v3
    ? snmp.createV3Session(
        target.host,
        {
          name: target.v3.user,
          level: snmp.SecurityLevel.authPriv,
          authProtocol: snmp.AuthProtocols.sha,
          authKey: target.v3.authKey,
          privProtocol: snmp.PrivProtocols.aes,
          privKey: target.v3.privKey,
        },
        { port: target.port, timeout: opts.timeoutMs, retries: 0, version: snmp.Version3 },
      )
    : snmp.createSession(target.host, target.community ?? 'public', {
        port: target.port,
        timeout: opts.timeoutMs,
        retries: opts.retries,
        version: snmp.Version2c,
      });
  // A socket error (an unreachable network) ends the reading, not the collector.
  session.on('error', () => {});
  try {
    const identity = await get(session, [
      OID.serial,
      OID.hrDeviceDescr,
      OID.sysDescr,
      OID.hrDeviceStatus,
      OID.hrPrinterDetectedErrorState,
    ]);
    const serial = text(identity[OID.serial]);
    const description = text(identity[OID.hrDeviceDescr]) || text(identity[OID.sysDescr]);
    if (!serial) return { notPrinter: description || 'no prtGeneralSerialNumber' };
    const at = new Date().toISOString();
    const model = description.replace(/^KONICA MINOLTA\s+/i, '').trim();
    const profile = profileFor(opts.profiles, model);

    const oids = Object.values(profile.counters).map((c) => c.oid);
    const values = oids.length > 0 ? await get(session, oids) : {};
    /** @type {Record<string, number>} */
    const counters = {};
    for (const [name, { oid }] of Object.entries(profile.counters)) {
      const value = values[oid];
      if (value !== undefined) counters[name] = number(value);
    }

    const markers = rows(await walk(session, OID.prtMarkerEntry));
    const first = [...markers.keys()].sort(byIndex)[0];
    const unitCode = first === undefined ? undefined : markers.get(first)?.get(3);
    const unit = COUNTER_UNITS[/** @type {7 | 8} */ (Number(unitCode))];
    if (!unit) {
      throw new ReadFailure(
        'error',
        `prtMarkerCounterUnit ${unitCode ?? 'missing'}: neither impressions(7) nor sheets(8)`,
      );
    }
    const markerLife = [...markers.entries()]
      .filter(([, row]) => row.get(4) !== undefined)
      .sort(([a], [b]) => byIndex(a, b))
      .map(([index, row]) => ({ marker: lastOf(index), count: number(row.get(4)) }));

    const colorants = rows(await walk(session, OID.prtMarkerColorantEntry));
    const supplies = rows(await walk(session, OID.prtMarkerSuppliesEntry));
    const toner = [...supplies.entries()]
      .filter(([, row]) => Number(row.get(5)) === SUPPLY_TYPE_TONER)
      .sort(([a], [b]) => byIndex(a, b))
      .map(([index, row]) => {
        const colorantRow = colorants.get(`${index.split('.')[0]}.${number(row.get(3))}`);
        return {
          colorant: text(colorantRow?.get(4)) || text(row.get(6)) || `supply ${lastOf(index)}`,
          level: number(row.get(9)),
          max: number(row.get(8)),
        };
      });

    const alerts = [...rows(await walk(session, OID.prtAlertEntry)).entries()]
      .sort(([a], [b]) => byIndex(a, b))
      .map(([, row]) => ({
        code: number(row.get(7)),
        group: String(number(row.get(4))),
        description: text(row.get(8)),
      }));

    const deviceStatus = identity[OID.hrDeviceStatus];
    return {
      reading: {
        serial,
        model,
        profile: profile.id,
        profileChecked: profile.checkedAgainstCounterScreen,
        at,
        unit,
        counters,
        markerLife,
        toner,
        status: {
          device: deviceStatus === undefined ? null : number(deviceStatus),
          errors: errorNames(/** @type {Buffer | undefined} */ (identity[OID.hrPrinterDetectedErrorState])),
          alerts,
        },
      },
    };
  } finally {
    session.close();
  }
}

/**
 * A failure as the protocol names it: a v3 device that answered the engine discovery and then
 * stayed silent refused our keys (net-snmp's own agent and many devices drop a wrong digest).
 * @param {any} session
 * @param {unknown} error
 */
function classify(session, error) {
  // @types/net-snmp lacks RequestTimedOutError (net-snmp exports it): known by its name.
  if (error instanceof Error && error.name === 'RequestTimedOutError') {
    const engine = session.msgSecurityParameters?.msgAuthoritativeEngineID;
    return session.version === snmp.Version3 && engine && engine.length > 0
      ? new ReadFailure('auth', 'the device answered the SNMPv3 discovery but not our authenticated request')
      : new ReadFailure('timeout', 'no answer');
  }
  if (error instanceof snmp.ResponseInvalidError && error.code === snmp.ResponseInvalidCode.EAuthFailure) {
    return new ReadFailure('auth', error.message);
  }
  return new ReadFailure('error', error instanceof Error ? error.message : String(error));
}

/**
 * GET: the answered values by OID (an OID the device lacks is absent).
 * @param {any} session
 * @param {string[]} oids
 * @returns {Promise<Record<string, unknown>>}
 */
function get(session, oids) {
  return new Promise((resolve, reject) => {
    session.get(oids, (/** @type {unknown} */ error, /** @type {any[]} */ varbinds) => {
      if (error) return reject(classify(session, error));
      /** @type {Record<string, unknown>} */
      const values = {};
      for (const varbind of varbinds) if (!snmp.isVarbindError(varbind)) values[varbind.oid] = varbind.value;
      resolve(values);
    });
  });
}

/** The most rows a walk of one table may take: a device that answers without end is cut off. */
const WALK_LIMIT = 500;

/**
 * Walks a table entry with GETBULK: value by "column.index…" below it. It stops at the first
 * OID outside the entry, at endOfMibView, and at an answer that does not move forward (some
 * agents answer past their last object with an empty varbind, which would walk forever).
 * @param {any} session
 * @param {string} oid
 * @returns {Promise<Map<string, unknown>>}
 */
async function walk(session, oid) {
  /** @type {Map<string, unknown>} */
  const found = new Map();
  let from = oid;
  while (found.size < WALK_LIMIT) {
    const varbinds = await new Promise((resolve, reject) => {
      session.getBulk([from], 0, 20, (/** @type {unknown} */ error, /** @type {any[]} */ answer) =>
        error ? reject(classify(session, error)) : resolve(answer),
      );
    });
    // With no non-repeaters, GETBULK answers one list per OID asked: ours is the first.
    const list = /** @type {any[]} */ (Array.isArray(varbinds) && Array.isArray(varbinds[0]) ? varbinds[0] : []);
    let moved = false;
    for (const varbind of list) {
      const next = typeof varbind?.oid === 'string' ? varbind.oid : '';
      if (snmp.isVarbindError(varbind) || !next.startsWith(`${oid}.`) || compareOids(next, from) <= 0) return found;
      found.set(next.slice(oid.length + 1), varbind.value);
      from = next;
      moved = true;
    }
    if (!moved) return found;
  }
  return found;
}

/** @param {string} a @param {string} b */
const compareOids = (a, b) => byIndex(a, b);

/**
 * A walked table by row index ("1.2"), each row by column number.
 * @param {Map<string, unknown>} cells
 * @returns {Map<string, Map<number, unknown>>}
 */
function rows(cells) {
  /** @type {Map<string, Map<number, unknown>>} */
  const table = new Map();
  for (const [key, value] of cells) {
    const [columnText, ...index] = key.split('.');
    const row = table.get(index.join('.')) ?? new Map();
    row.set(Number(columnText), value);
    table.set(index.join('.'), row);
  }
  return table;
}

/** @param {string} a @param {string} b */
const byIndex = (a, b) => {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return 0;
};

/** @param {string} index */
const lastOf = (index) => Number(index.split('.').at(-1));

/**
 * An SNMP number (Counter64 arrives as bytes).
 * @param {unknown} value
 */
function number(value) {
  if (typeof value === 'number') return value;
  if (Buffer.isBuffer(value)) return Number(value.length === 0 ? 0n : BigInt(`0x${value.toString('hex')}`));
  throw new ReadFailure('error', `not a number: ${String(value)}`);
}

/**
 * An SNMP octet string as text, without the padding some devices send.
 * @param {unknown} value
 */
function text(value) {
  if (Buffer.isBuffer(value)) return value.toString('utf8').replace(/\0+$/, '').trim();
  return typeof value === 'string' ? value.trim() : '';
}
