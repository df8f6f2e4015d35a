// A month of invoices at scale: 10 000 contracts with 12 000 devices (8 000 with one device,
// 2 000 with two; colour and mono, every package level, some over their allowance, some
// without a reading), each billed (worker/meter/bill.ts), made into its FA(3) invoice and
// XML (worker/invoices/document.ts, fa3.ts) with its SHA-256 (KOD I), then every XML
// validated against the Ministry's FA(3) XSD (xmllint-wasm, 500 documents per run). CPU is
// this process's (process.cpuUsage: the same V8 as the Worker, D1's time not included).
// Figures, not pass/fail; goal: bills + XML + validation of the month ≤ 60 s CPU in total.
import { cpus, loadavg } from 'node:os';
import { importForNode } from '../scripts/bundle.mjs';
import { root } from '../scripts/env.mjs';

export const title = 'Invoices: a month of 10 000 contracts (12 000 devices), bills, FA(3) XML and XSD validation';
export const order = 70;

const CONTRACTS = Number(process.env.KSEROWO_BENCH_CONTRACTS ?? 10_000);
const TWO_DEVICES = Math.round(CONTRACTS / 5);
const VALIDATE_BATCH = 500;
const PERIOD = '2026-11';

const cpuMs = (since) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

export async function run() {
  const m = await importForNode('invoices-bench', {
    stdin: {
      contents: `
        export { billFor } from './worker/meter/bill.ts';
        export { invoiceOf, sellerOf } from './worker/invoices/document.ts';
        export { fa3Xml } from './worker/invoices/fa3.ts';
        export { invoiceHash } from './worker/invoices/kod-i.ts';
        export { validateFa3 } from './tests/unit/fa3-xsd.ts';
        export { defaultCatalogue } from './widgets/core/catalogue.ts';`,
      resolveDir: root,
      sourcefile: 'invoices-bench-entry.ts',
      loader: 'ts',
    },
    external: ['xmllint-wasm'],
    jsx: 'automatic',
  });
  const devices = m.defaultCatalogue.devices;
  const rates = (i) => {
    const d = devices[i % devices.length];
    const p = d.packages[i % d.packages.length];
    return {
      effectiveFrom: '2025-01-01',
      catalogueVersion: 1,
      deviceId: d.id,
      deviceName: d.name,
      deviceType: d.type,
      level: p.level,
      monthlyPrice: p.monthlyPrice,
      monthlyLimit: p.monthlyLimit,
      colorLimit: d.type === 'color' ? (p.colorLimit ?? 0) : null,
      overageMono: p.overage.mono,
      overageColor: d.type === 'color' ? (p.overage.color ?? 0) : null,
    };
  };
  const device = (i) => {
    const r = rates(i);
    const colour = r.deviceType === 'color';
    // Every 10th device has no reading this month; the others print 40 % … 160 % of their allowance.
    const used = Math.round(r.monthlyLimit * (0.4 + (i % 13) / 10));
    const readings =
      i % 10 === 0
        ? [{ readOn: '2026-10-31', mono: 10_000, color: colour ? 2_000 : null, reset: false }]
        : [
            { readOn: '2026-10-31', mono: 10_000, color: colour ? 2_000 : null, reset: false },
            {
              readOn: '2026-11-28',
              mono: 10_000 + used,
              color: colour ? 2_000 + Math.round((r.colorLimit ?? 0) * (0.5 + (i % 7) / 5)) : null,
              reset: false,
            },
          ];
    return { serial: `SN${String(i).padStart(8, '0')}`, rates: [r], readings };
  };
  let next = 0;
  const contracts = Array.from({ length: CONTRACTS }, (_, c) => ({
    number: `UM-2025-${String(c + 1).padStart(6, '0')}`,
    company: `Firma ${c + 1} sp. z o.o.`,
    nip: '5260250274',
    startDate: '2025-01-01',
    termMonths: 36,
    devices: Array.from({ length: c < TWO_DEVICES ? 2 : 1 }, () => device(next++)),
  }));
  const seller = m.sellerOf();

  // The Worker's half: bills, invoices, XML and their SHA-256.
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const xmls = [];
  let lines = 0;
  let grossGr = 0;
  for (const [i, contract] of contracts.entries()) {
    const bill = m.billFor(contract, PERIOD);
    const doc = m.invoiceOf(bill, {
      number: `FV/2026/${String(i + 1).padStart(6, '0')}`,
      issueDate: '2026-12-03',
      createdAt: '2026-12-03T05:00:00.000Z',
      contract: { number: contract.number, date: '2024-12-20', startDate: contract.startDate },
      seller,
      buyer: {
        nip: contract.nip,
        name: contract.company,
        address: 'UL. DŁUGA 5, 00-950 WARSZAWA',
        jst: false,
        gv: false,
      },
    });
    const xml = m.fa3Xml(doc);
    await m.invoiceHash(xml);
    xmls.push(xml);
    lines += doc.lines.length;
    grossGr += doc.grossGr;
  }
  const buildCpu = cpuMs(cpu0);
  const buildWall = performance.now() - wall0;

  // The tests' half: every XML against the FA(3) XSD.
  const cpu1 = process.cpuUsage();
  const wall1 = performance.now();
  let invalid = 0;
  const errors = [];
  for (let i = 0; i < xmls.length; i += VALIDATE_BATCH) {
    const check = await m.validateFa3(xmls.slice(i, i + VALIDATE_BATCH));
    if (!check.valid) {
      invalid += new Set(check.errors.map((e) => e.split(':')[0])).size;
      errors.push(...check.errors.slice(0, 3));
    }
  }
  const validateCpu = cpuMs(cpu1);
  const validateWall = performance.now() - wall1;
  const bytes = xmls.reduce((sum, x) => sum + Buffer.byteLength(x), 0);
  const total = buildCpu + validateCpu;
  const row = (label, value) => `| ${label} | ${value} |`;
  const ms = (n) => `${n.toFixed(0)} ms`;
  return [
    '| measure | value |',
    '|---|---|',
    row('contracts / devices / invoice lines', `${CONTRACTS} / ${next} / ${lines}`),
    row('XML', `${(bytes / 1e6).toFixed(1)} MB, ${(bytes / CONTRACTS / 1024).toFixed(1)} KB an invoice`),
    row('gross of the month', `${(grossGr / 100).toLocaleString('pl-PL', { minimumFractionDigits: 2 })} zł`),
    row(
      '**bills + FA(3) XML + SHA-256 (the Worker’s part)**',
      `CPU ${ms(buildCpu)} (wall ${ms(buildWall)}), **${(buildCpu / CONTRACTS).toFixed(2)} ms an invoice**`,
    ),
    row(
      'XSD validation (xmllint-wasm, 500 a run)',
      `CPU ${ms(validateCpu)} (wall ${ms(validateWall)}), ${(validateCpu / CONTRACTS).toFixed(2)} ms an invoice`,
    ),
    row('**total CPU**', `**${(total / 1000).toFixed(1)} s** (goal ≤ 60 s) ${total <= 60_000 ? '✔' : '✘'}`),
    row('invalid invoices', `${invalid}${invalid ? ` ✘ ${errors.join(' / ')}` : ' ✔'}`),
    row(
      'machine',
      `${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (shared)`,
    ),
    '',
    "D1 is not in these figures: issuing writes each batch of 25 invoices in one D1 batch (two statements each), and bills 200 contracts per three queries. The KSeF sender's half (delivery to the stand-in) is measured by its own benchmark.",
  ].join('\n');
}
