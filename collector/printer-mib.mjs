// The standard OIDs every printer answers (Printer-MIB v2, RFC 3805; Host Resources MIB, RFC 2790)
// and their codes: shared by the collector and the device simulator, so both speak one table.

/** The OIDs of one printer (hrDeviceIndex 1, the first marker), as RFC 3805 and RFC 2790 number them. */
export const OID = {
  sysDescr: '1.3.6.1.2.1.1.1.0',
  /** prtGeneralSerialNumber of hrDeviceIndex 1 (RFC 3805 §prtGeneralTable). */
  serial: '1.3.6.1.2.1.43.5.1.1.17.1',
  hrDeviceDescr: '1.3.6.1.2.1.25.3.2.1.3.1',
  hrDeviceStatus: '1.3.6.1.2.1.25.3.2.1.5.1',
  hrPrinterDetectedErrorState: '1.3.6.1.2.1.25.3.5.1.2.1',
  /** prtMarkerEntry: column 3 prtMarkerCounterUnit, column 4 prtMarkerLifeCount; rows hrDeviceIndex.prtMarkerIndex. */
  prtMarkerEntry: '1.3.6.1.2.1.43.10.2.1',
  prtMarkerCounterUnit: '1.3.6.1.2.1.43.10.2.1.3',
  prtMarkerLifeCount: '1.3.6.1.2.1.43.10.2.1.4',
  /** prtMarkerSuppliesEntry: 3 colorant index, 4 class, 5 type, 6 description, 8 max capacity, 9 level. */
  prtMarkerSuppliesEntry: '1.3.6.1.2.1.43.11.1.1',
  /** prtMarkerColorantEntry: 4 prtMarkerColorantValue ("black", "cyan"…). */
  prtMarkerColorantEntry: '1.3.6.1.2.1.43.12.1.1',
  /** prtAlertEntry: 2 severity, 4 group, 7 code, 8 description. */
  prtAlertEntry: '1.3.6.1.2.1.43.18.1.1',
};

/** prtMarkerCounterUnit (PrtMarkerCounterUnitTC): the two units a copier's bill can be read in. */
export const COUNTER_UNITS = /** @type {const} */ ({ 7: 'impressions', 8: 'sheets' });

/** prtMarkerSuppliesType toner(3) (PrtMarkerSuppliesTypeTC). */
export const SUPPLY_TYPE_TONER = 3;

/**
 * hrPrinterDetectedErrorState's bits in order (RFC 3805 §2.2.13.4, which extends RFC 2790's eight):
 * bit 0 is the most significant bit of the first octet.
 */
export const ERROR_BITS = /** @type {const} */ ([
  'lowPaper',
  'noPaper',
  'lowToner',
  'noToner',
  'doorOpen',
  'jammed',
  'offline',
  'serviceRequested',
  'inputTrayMissing',
  'outputTrayMissing',
  'markerSupplyMissing',
  'outputNearFull',
  'outputFull',
  'inputTrayEmpty',
  'overduePreventMaint',
]);

/**
 * The names of the bits set in an hrPrinterDetectedErrorState octet string.
 * @param {Buffer | undefined} octets
 * @returns {string[]}
 */
export function errorNames(octets) {
  if (!octets) return [];
  return ERROR_BITS.filter((_, bit) => ((octets[bit >> 3] ?? 0) & (0x80 >> (bit & 7))) !== 0);
}

/**
 * The octet string whose bits are the named errors (what a device answers).
 * @param {readonly string[]} names
 * @returns {Buffer}
 */
export function errorOctets(names) {
  const octets = Buffer.alloc(2);
  for (const name of names) {
    const bit = ERROR_BITS.indexOf(/** @type {(typeof ERROR_BITS)[number]} */ (name));
    if (bit < 0) throw new Error(`unknown hrPrinterDetectedErrorState bit: ${name}`);
    octets[bit >> 3] = (octets[bit >> 3] ?? 0) | (0x80 >> (bit & 7));
  }
  return octets;
}
