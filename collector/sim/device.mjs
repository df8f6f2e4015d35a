// One simulated copier on UDP: net-snmp's agent answering as a bizhub would (identity, the
// Konica Minolta counter table, the Printer-MIB counters, toner, state and alerts), with the
// scenarios the collector must meet: counters that grow, asleep, a board swap, a jam, a
// service call, low and "some remaining" toner, and an SNMPv3-only device.
import dgram from 'node:dgram';
import snmp from 'net-snmp';
import { errorOctets, OID } from '../printer-mib.mjs';
import { MODELS, splitCopyPrint } from './models.mjs';

const KM_TOTAL = '1.3.6.1.4.1.18334.1.1.1.5.7.2.1.1';
const KM_COUNTER_ENTRY = '1.3.6.1.4.1.18334.1.1.1.5.7.2.2.1';
const RO = snmp.MaxAccess['read-only'];
const HIDDEN = snmp.MaxAccess['not-accessible'];
const T = snmp.ObjectType;

/** The colorants of a colour and of a mono device, in prtMarkerColorantIndex order. */
const COLOURS = ['black', 'cyan', 'magenta', 'yellow'];

/**
 * @typedef {object} DeviceOptions
 * @property {string} model one of MODELS' keys: c3320i, c258, 4052, 227
 * @property {string} serial
 * @property {number} mono the black billing total (copies + prints)
 * @property {number} [color] the full-colour billing total (colour models only)
 * @property {string} [host] default 127.0.0.1
 * @property {number} [port] default 161; 0 picks a free one
 * @property {'impressions' | 'sheets'} [unit] prtMarkerCounterUnit, default impressions
 * @property {Record<string, number>} [toner] level per colorant (of max 100); default 100 each
 * @property {boolean} [jam] a paper jam: hrPrinterDetectedErrorState jammed, an alert, device down
 * @property {boolean} [service] a service call: serviceRequested, an alert, device down
 * @property {boolean} [asleep] never answers (every request times out)
 * @property {{ user: string, password: string }} [v3] SNMPv3 only (authPriv, SHA/AES, the password for both keys)
 * @property {string} [community] the v2c read community, default public (ignored with v3)
 * @property {number} [growPerMinute] pages printed per minute, half black, half colour on a colour device
 */

/**
 * @typedef {object} SimDevice
 * @property {string} host
 * @property {number} port
 * @property {string} serial
 * @property {() => Record<string, number>} counters what the private table answers now
 * @property {() => number} requests datagrams it received
 * @property {() => number} authFailures SNMPv3 messages it refused for a wrong key
 * @property {(mono: number, colour?: number) => void} print adds pages (prints)
 * @property {() => void} swapBoard a new controller board: every counter starts again near zero
 * @property {(state: { jam?: boolean, service?: boolean, toner?: Record<string, number> }) => void} set
 * @property {() => Promise<void>} stop
 */

/**
 * Starts one simulated device on UDP (127.0.0.1 unless told).
 * @example const device = await startDevice({ model: 'c3320i', serial: 'AA2J021000001', mono: 1000, color: 200, port: 0 });
 * @param {DeviceOptions} options
 * @returns {Promise<SimDevice>}
 */
export async function startDevice(options) {
  const opts = {
    host: '127.0.0.1',
    port: 161,
    unit: /** @type {'impressions' | 'sheets'} */ ('impressions'),
    color: 0,
    community: 'public',
    growPerMinute: 0,
    ...options,
  };
  const model = MODELS[opts.model];
  if (!model) throw new Error(`unknown model "${opts.model}": ${Object.keys(MODELS).join(', ')}`);
  if (!model.colour && opts.color) throw new Error(`${model.descr} prints no colour: --color must be 0`);
  const state = {
    counters: countersFor(model, opts.mono, opts.color),
    toner: Object.fromEntries((model.colour ? COLOURS : ['black']).map((c) => [c, opts.toner?.[c] ?? 100])),
    jam: Boolean(opts.jam),
    service: Boolean(opts.service),
  };
  let requests = 0;
  let authFailures = 0;

  if (opts.asleep) {
    const socket = dgram.createSocket('udp4');
    socket.on('message', () => {
      requests += 1;
    });
    await new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(opts.port, opts.host, () => resolve(undefined));
    });
    return {
      host: opts.host,
      port: socket.address().port,
      serial: opts.serial,
      counters: () => ({ ...state.counters }),
      requests: () => requests,
      authFailures: () => 0,
      print: () => {},
      swapBoard: () => {},
      set: () => {},
      stop: () => new Promise((resolve) => socket.close(() => resolve(undefined))),
    };
  }

  /** @type {import('node:dgram').Socket | undefined} */
  let socket;
  /** @type {Promise<void> | undefined} */
  let listening;
  // The agent's socket, counted: every datagram the device receives.
  const countingDgram = {
    /** @param {import('node:dgram').SocketType} type */
    createSocket(type) {
      const created = dgram.createSocket(type);
      created.on('message', () => {
        requests += 1;
      });
      listening = new Promise((resolve, reject) => {
        created.once('listening', () => resolve());
        created.once('error', reject);
      });
      if (opts.port === 0) {
        // net-snmp reads port 0 as "the default, 161": bind the free port the caller asked for.
        const bind = created.bind.bind(created);
        created.bind = /** @type {any} */ (
          (/** @type {number} */ _port, /** @type {string} */ address) => bind(0, address)
        );
      }
      socket = created;
      return created;
    },
  };
  const agent = snmp.createAgent(
    {
      port: opts.port,
      address: opts.host,
      transport: 'udp4',
      dgramModule: countingDgram,
      accessControlModelType: snmp.AccessControlModelType.None,
    },
    /** @param {Error | null} error */
    (error) => {
      // A wrong auth or privacy key: net-snmp's agent drops the message (no Report), as a
      // device that counts usmStatsWrongDigests and stays silent would.
      if (error && /digest|decrypt/i.test(error.message)) authFailures += 1;
    },
  );
  try {
    await listening;
  } catch (error) {
    agent.close();
    throw error;
  }
  const authorizer = agent.getAuthorizer();
  if (opts.v3) {
    authorizer.addUser({
      name: opts.v3.user,
      level: snmp.SecurityLevel.authPriv,
      authProtocol: snmp.AuthProtocols.sha,
      authKey: opts.v3.password,
      privProtocol: snmp.PrivProtocols.aes,
      privKey: opts.v3.password,
    });
  } else {
    authorizer.addCommunity(opts.community);
  }

  const mib = agent.getMib();
  registerTables(mib, model);
  const port = /** @type {import('node:dgram').Socket} */ (socket).address().port;

  const published = new Map();
  const refresh = () => publish(mib, model, opts, state, published);
  refresh();

  const grow = opts.growPerMinute
    ? setInterval(() => {
        const pages = Math.max(1, Math.round(opts.growPerMinute / 12));
        const colour = model.colour ? Math.floor(pages / 2) : 0;
        addPages(state.counters, pages - colour, colour);
        refresh();
      }, 5_000)
    : undefined;
  grow?.unref();

  return {
    host: opts.host,
    port,
    serial: opts.serial,
    counters: () => ({ ...state.counters }),
    requests: () => requests,
    authFailures: () => authFailures,
    print(mono, colour = 0) {
      addPages(state.counters, mono, model.colour ? colour : 0);
      refresh();
    },
    swapBoard() {
      // A new board counts from what its own test prints left: a few dozen pages.
      state.counters = countersFor(model, 12, model.colour ? 3 : 0);
      refresh();
    },
    set(change) {
      if (change.jam !== undefined) state.jam = change.jam;
      if (change.service !== undefined) state.service = change.service;
      if (change.toner) Object.assign(state.toner, change.toner);
      refresh();
    },
    stop: () =>
      new Promise((resolve) => {
        if (grow) clearInterval(grow);
        agent.close(() => resolve(undefined));
      }),
  };
}

/**
 * The private table's counters for billing totals: each split two fifths copies, the rest prints.
 * @param {import('./models.mjs').SimModel} model
 * @param {number} mono
 * @param {number} colour
 */
function countersFor(model, mono, colour) {
  const black = splitCopyPrint(mono);
  const full = splitCopyPrint(colour);
  /** @type {Record<string, number>} */
  const counters = { blackCopy: black.copy, blackPrint: black.print };
  if (model.colour) Object.assign(counters, { fullColourCopy: full.copy, fullColourPrint: full.print });
  if (model.kmRows.some(([c]) => c === 3)) Object.assign(counters, { singleColourCopy: 0, singleColourPrint: 0 });
  if (model.kmRows.some(([c]) => c === 4)) Object.assign(counters, { twoColourCopy: 0, twoColourPrint: 0 });
  return counters;
}

/** @param {Record<string, number>} counters @param {number} mono @param {number} colour */
function addPages(counters, mono, colour) {
  counters.blackPrint = (counters.blackPrint ?? 0) + mono;
  if (colour) counters.fullColourPrint = (counters.fullColourPrint ?? 0) + colour;
}

/** {colour}.{function} of the private table → the protocol's counter name. */
/** @type {Record<string, string>} */
const KM_NAMES = {
  1.1: 'blackCopy',
  1.2: 'blackPrint',
  2.1: 'fullColourCopy',
  2.2: 'fullColourPrint',
  3.1: 'singleColourCopy',
  3.2: 'singleColourPrint',
  4.1: 'twoColourCopy',
  4.2: 'twoColourPrint',
};

/**
 * @param {number} number
 * @param {string} name
 * @param {number} type
 * @param {number} [access]
 */
const column = (number, name, type, access = RO) => ({ number, name, type, maxAccess: access });

/**
 * Registers the tables a printer answers. Index columns the MIB names from another table
 * (hrDeviceIndex) are local not-accessible columns here: the instance OIDs are the same.
 * @param {any} mib
 * @param {import('./models.mjs').SimModel} model
 */
function registerTables(mib, model) {
  /** @type {(name: string, oid: string, columns: object[], index: string[]) => void} */
  const table = (name, oid, columns, index) =>
    mib.registerProvider({
      name,
      type: snmp.MibProviderType.Table,
      oid,
      maxAccess: HIDDEN,
      tableColumns: columns,
      tableIndex: index.map((columnName) => ({ columnName })),
    });
  mib.registerProvider({
    name: 'sysDescr',
    type: snmp.MibProviderType.Scalar,
    oid: '1.3.6.1.2.1.1.1',
    scalarType: T.OctetString,
    maxAccess: RO,
  });
  table(
    'hrDeviceEntry',
    '1.3.6.1.2.1.25.3.2.1',
    [
      column(1, 'hrDeviceIndex', T.Integer),
      column(3, 'hrDeviceDescr', T.OctetString),
      column(5, 'hrDeviceStatus', T.Integer),
    ],
    ['hrDeviceIndex'],
  );
  table(
    'hrPrinterEntry',
    '1.3.6.1.2.1.25.3.5.1',
    [
      column(99, 'hrPrinterDevice', T.Integer, HIDDEN),
      column(1, 'hrPrinterStatus', T.Integer),
      column(2, 'hrPrinterDetectedErrorState', T.OctetString),
    ],
    ['hrPrinterDevice'],
  );
  table(
    'prtGeneralEntry',
    '1.3.6.1.2.1.43.5.1.1',
    [column(99, 'prtGeneralDevice', T.Integer, HIDDEN), column(17, 'prtGeneralSerialNumber', T.OctetString)],
    ['prtGeneralDevice'],
  );
  table(
    'prtMarkerEntry',
    OID.prtMarkerEntry,
    [
      column(99, 'prtMarkerDevice', T.Integer, HIDDEN),
      column(1, 'prtMarkerIndex', T.Integer, HIDDEN),
      column(3, 'prtMarkerCounterUnit', T.Integer),
      column(4, 'prtMarkerLifeCount', T.Counter32),
    ],
    ['prtMarkerDevice', 'prtMarkerIndex'],
  );
  table(
    'prtMarkerSuppliesEntry',
    OID.prtMarkerSuppliesEntry,
    [
      column(99, 'prtMarkerSuppliesDevice', T.Integer, HIDDEN),
      column(1, 'prtMarkerSuppliesIndex', T.Integer, HIDDEN),
      column(3, 'prtMarkerSuppliesColorantIndex', T.Integer),
      column(4, 'prtMarkerSuppliesClass', T.Integer),
      column(5, 'prtMarkerSuppliesType', T.Integer),
      column(6, 'prtMarkerSuppliesDescription', T.OctetString),
      column(7, 'prtMarkerSuppliesSupplyUnit', T.Integer),
      column(8, 'prtMarkerSuppliesMaxCapacity', T.Integer),
      column(9, 'prtMarkerSuppliesLevel', T.Integer),
    ],
    ['prtMarkerSuppliesDevice', 'prtMarkerSuppliesIndex'],
  );
  table(
    'prtMarkerColorantEntry',
    OID.prtMarkerColorantEntry,
    [
      column(99, 'prtMarkerColorantDevice', T.Integer, HIDDEN),
      column(1, 'prtMarkerColorantIndex', T.Integer, HIDDEN),
      column(4, 'prtMarkerColorantValue', T.OctetString),
    ],
    ['prtMarkerColorantDevice', 'prtMarkerColorantIndex'],
  );
  table(
    'prtAlertEntry',
    OID.prtAlertEntry,
    [
      column(99, 'prtAlertDevice', T.Integer, HIDDEN),
      column(1, 'prtAlertIndex', T.Integer, HIDDEN),
      column(2, 'prtAlertSeverityLevel', T.Integer),
      column(4, 'prtAlertGroup', T.Integer),
      column(7, 'prtAlertCode', T.Integer),
      column(8, 'prtAlertDescription', T.OctetString),
    ],
    ['prtAlertDevice', 'prtAlertIndex'],
  );
  if (model.kmRows.length === 0) return;
  mib.registerProvider({
    name: 'kmTotal',
    type: snmp.MibProviderType.Scalar,
    oid: KM_TOTAL,
    scalarType: T.Integer,
    maxAccess: RO,
  });
  table(
    'kmCounterEntry',
    KM_COUNTER_ENTRY,
    [
      column(98, 'kmColour', T.Integer, HIDDEN),
      column(99, 'kmFunction', T.Integer, HIDDEN),
      column(5, 'kmCount', T.Integer),
    ],
    ['kmColour', 'kmFunction'],
  );
}

/** How many leading values of a row are its index (the tables indexed by hrDeviceIndex alone); the others: 2. */
const INDEX_COLUMNS = /** @type {Record<string, number>} */ ({
  hrDeviceEntry: 1,
  hrPrinterEntry: 1,
  prtGeneralEntry: 1,
});

/**
 * Writes the device's state into its MIB: rows are replaced whole (small tables).
 * @param {any} mib
 * @param {import('./models.mjs').SimModel} model
 * @param {Required<Pick<DeviceOptions, 'serial' | 'unit'>>} opts
 * @param {{ counters: Record<string, number>, toner: Record<string, number>, jam: boolean, service: boolean }} state
 * @param {Map<string, unknown[][]>} published the rows each table holds (replaced here)
 */
function publish(mib, model, opts, state, published) {
  /** @param {string} name @param {unknown[][]} rows */
  const replace = (name, rows) => {
    const keys = INDEX_COLUMNS[name] ?? 2;
    for (const row of published.get(name) ?? []) mib.deleteTableRow(name, row.slice(0, keys));
    for (const row of rows) mib.addTableRow(name, row);
    published.set(name, rows);
  };
  const total = Object.values(state.counters).reduce((sum, n) => sum + n, 0);
  const lowToner = Object.values(state.toner).some((level) => level >= 0 && level <= 10);
  const errors = [
    ...(state.jam ? ['jammed'] : []),
    ...(state.service ? ['serviceRequested'] : []),
    ...(lowToner ? ['lowToner'] : []),
  ];
  // hrDeviceStatus: running(2), warning(3), down(5) (RFC 2790: a jam or a service call is down).
  const deviceStatus = state.jam || state.service ? 5 : lowToner ? 3 : 2;
  mib.setScalarValue('sysDescr', `${model.descr} (simulated by Kserowo)`);
  replace('hrDeviceEntry', [[1, model.descr, deviceStatus]]);
  // hrPrinterStatus: other(1) when down, idle(3) otherwise.
  replace('hrPrinterEntry', [[1, deviceStatus === 5 ? 1 : 3, errorOctets(errors)]]);
  replace('prtGeneralEntry', [[1, opts.serial]]);
  replace('prtMarkerEntry', [[1, 1, opts.unit === 'sheets' ? 8 : 7, total]]);
  const colorants = Object.keys(state.toner);
  replace(
    'prtMarkerColorantEntry',
    colorants.map((colorant, i) => [1, i + 1, colorant]),
  );
  // prtMarkerSuppliesClass supplyThatIsConsumed(3), type toner(3), unit percent(19), max 100.
  replace(
    'prtMarkerSuppliesEntry',
    colorants.map((colorant, i) => [1, i + 1, i + 1, 3, 3, `Toner (${colorant})`, 19, 100, state.toner[colorant]]),
  );
  /** @type {Array<[number, number, number, number, number, string]>} */
  const alerts = [];
  // prtAlertSeverityLevel critical(3); group mediaPath(13) / generalPrinter(5); code jam(8) / subunitUnrecoverableFailure(30).
  if (state.jam) alerts.push([1, alerts.length + 1, 3, 13, 8, 'Paper jam']);
  if (state.service) alerts.push([1, alerts.length + 1, 3, 5, 30, 'Service call C-2557']);
  replace('prtAlertEntry', alerts);
  if (model.kmRows.length === 0) return;
  mib.setScalarValue('kmTotal', total);
  replace(
    'kmCounterEntry',
    model.kmRows.map(([colour, fn]) => [colour, fn, state.counters[KM_NAMES[`${colour}.${fn}`] ?? ''] ?? 0]),
  );
}
