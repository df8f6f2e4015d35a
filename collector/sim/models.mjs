// The copiers the simulator plays: what each answers over SNMP (RFC 3805/2790 and the
// Konica Minolta private counter table), so the collector's profiles meet the shapes they are for.

/**
 * @typedef {object} SimModel
 * @property {string} descr hrDeviceDescr and the end of sysDescr
 * @property {boolean} colour whether it prints in colour
 * @property {Array<[number, number]>} kmRows the Konica Minolta counter rows {colour}.{function} it has; none: no private table
 * @property {string} serialPrefix how its serial numbers start
 */

/** @type {Record<string, SimModel>} */
export const MODELS = {
  // An A4 colour MFP of the i-series: black and full colour, no single/two-colour modes.
  c3320i: {
    descr: 'KONICA MINOLTA bizhub C3320i',
    colour: true,
    kmRows: [
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
    ],
    serialPrefix: 'AA2J',
  },
  // An A3 colour MFP: its copier also counts single-colour and two-colour copies.
  c258: {
    descr: 'KONICA MINOLTA bizhub C258',
    colour: true,
    kmRows: [
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
      [3, 1],
      [3, 2],
      [4, 1],
      [4, 2],
    ],
    serialPrefix: 'A7PU',
  },
  // An A3 mono MFP: black copy and print only.
  227: {
    descr: 'KONICA MINOLTA bizhub 227',
    colour: false,
    kmRows: [
      [1, 1],
      [1, 2],
    ],
    serialPrefix: 'A7AJ',
  },
  // An A4 mono MFP built for Konica Minolta: only the standard Printer-MIB counter.
  4052: {
    descr: 'KONICA MINOLTA bizhub 4052',
    colour: false,
    kmRows: [],
    serialPrefix: 'AAFH',
  },
};

/**
 * How a billing total splits over the copy and print counters: two fifths copies, the rest prints.
 * @param {number} total
 * @returns {{ copy: number, print: number }}
 */
export function splitCopyPrint(total) {
  const copy = Math.floor((total * 2) / 5);
  return { copy, print: total - copy };
}
