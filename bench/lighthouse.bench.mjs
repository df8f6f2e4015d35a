// Lighthouse 12.8.2 (default config: the mobile preset, simulated throttling) in Debian
// Chromium against local `wrangler dev`: every public route of site/routes.ts three times
// (median per figure). Scores for performance,
// accessibility, best practices and SEO, with LCP, CLS and TBT; the audits that keep a
// score under 100 are listed below the table. Goal: 100 / 100 / 100 / 100 with CLS 0.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import * as esbuild from 'esbuild';
import lighthouse from 'lighthouse';
import { root } from '../scripts/env.mjs';
import { startServer } from './server.mjs';

export const title = 'Lighthouse (mobile preset)';
/** Last: it takes the time the other benchmarks leave (about 15–25 s a page here). */
export const order = 90;

const PORT = 8791;
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/** site/routes.ts is TypeScript: bundle it with esbuild and import the result. */
async function publicRoutes() {
  const out = path.join(root, '.cache/bench-routes.mjs');
  mkdirSync(path.dirname(out), { recursive: true });
  await esbuild.build({
    entryPoints: [path.join(root, 'site/routes.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'warning',
  });
  const mod = await import(`${pathToFileURL(out).href}?t=${Date.now()}`);
  return mod.publicRoutes;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The figures of one Lighthouse result, and the audits that cost points outside performance. */
function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && id !== 'performance')
        failing.push(`${id}: ${ref.id} (${audit.title})`);
    }
  }
  if (lhr.runtimeError) failing.push(`runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    failing,
  };
}

/** @param {{deadline?: number}} options runs that would not end before `deadline` (ms since epoch) are skipped and listed */
export async function run({ deadline = Infinity } = {}) {
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  // KSEROWO_LIGHTHOUSE_ROUTES=/,/konfigurator measures only those routes (a quicker run).
  const only = process.env.KSEROWO_LIGHTHOUSE_ROUTES?.split(',').filter(Boolean);
  const routes = (await publicRoutes()).filter((r) => !only || only.includes(r));
  const server = await startServer({ port: PORT });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  const reports = path.join(root, '.cache/lighthouse');
  mkdirSync(reports, { recursive: true });
  const runs = new Map();
  const skipped = [];
  const durations = [];
  try {
    const once = async (route, i) => {
      const expected = durations.length ? Math.max(...durations) : 0;
      if (Date.now() + expected > deadline) {
        skipped.push(`${route} run ${i}`);
        return;
      }
      const t0 = Date.now();
      const result = await lighthouse(`${server.url}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        disableFullPageScreenshot: true,
      });
      durations.push(Date.now() - t0);
      if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
      writeFileSync(
        path.join(reports, `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}-${i}.json`),
        result.report,
      );
      const f = figures(result.lhr);
      console.log(
        `  ${route} run ${i}: ${f.performance}/${f.accessibility}/${f.bestPractices}/${f.seo} LCP ${(f.lcp / 1000).toFixed(2)} s CLS ${f.cls.toFixed(3)} TBT ${f.tbt.toFixed(0)} ms`,
      );
      runs.set(route, [...(runs.get(route) ?? []), f]);
    };
    for (let i = 1; i <= RUNS; i++) for (const route of routes) await once(route, i);
  } finally {
    chrome.kill();
    await server.stop();
  }

  const lines = [
    '| route | runs | performance | accessibility | best practices | SEO | LCP | CLS | TBT |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const notes = [];
  const missed = [];
  for (const [route, rs] of runs) {
    const perf = median(rs.map((r) => r.performance));
    const cls = median(rs.map((r) => r.cls));
    if (perf < 100 || cls >= 0.0005) missed.push(`\`${route}\` (${perf}, CLS ${cls.toFixed(3)})`);
    const m = (key) => median(rs.map((r) => r[key]));
    const range = (key) =>
      rs.length > 1 ? ` (${Math.min(...rs.map((r) => r[key]))}–${Math.max(...rs.map((r) => r[key]))})` : '';
    lines.push(
      `| \`${route}\` | ${rs.length} | ${m('performance')}${range('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${(m('lcp') / 1000).toFixed(2)} s | ${m('cls').toFixed(3)} | ${m('tbt').toFixed(0)} ms |`,
    );
    const failing = [...new Set(rs.flatMap((r) => r.failing))];
    if (failing.length) notes.push(`- \`${route}\`: ${failing.join('; ')}`);
  }
  return [
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, Chromium \`${process.env.CHROME_PATH}\` (${CHROME_FLAGS.join(' ')}), default mobile emulation with simulated throttling, against \`wrangler dev\` on this machine. Figures with more than one run are medians (performance range in brackets). Full reports: \`.cache/lighthouse/\`.`,
    '',
    ...lines,
    '',
    `**Goal: performance 100 and CLS 0.000 on every route (medians of ${RUNS} runs): ${
      missed.length ? `missed on ${missed.join(', ')}` : `met on all ${runs.size} routes`
    }.**`,
    '',
    notes.length
      ? `Audits below 100 outside performance:\n\n${notes.join('\n')}`
      : 'Every accessibility, best-practices and SEO audit passes on every route.',
    skipped.length ? `\n**Not run, to keep \`npm run bench\` within 15 minutes:** ${skipped.join(', ')}.` : '',
    `\nMedian time per Lighthouse run: ${(median(durations) / 1000).toFixed(0)} s.`,
  ].join('\n');
}
