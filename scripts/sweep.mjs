// `npm run sweep [-- --at YYYY-MM-DD]`: runs the cron's jobs once on the local server (`npm start`,
// which serves wrangler dev with --test-scheduled), as on that day at 08:00 Warsaw time: the month's
// invoices, the reading reminders and the overdue reminders see that date (worker/index.ts, runTime
// of worker/schedule.ts); retention, the sales clock and the hand-overs keep the real time. Only a local `wrangler dev --test-scheduled` has this door; a deployed
// Worker answers its cron at the real time. PORT names another server than 8787.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const main = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
const { values } = main ? parseArgs({ options: { at: { type: 'string' }, port: { type: 'string' } } }) : { values: {} };
const port = values.port ?? process.env.PORT ?? '8787';

/** 08:00 in Warsaw on `day` (YYYY-MM-DD), as epoch milliseconds: the hour a morning run would see. */
export function morningInWarsaw(day) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  const utcNoon = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12) : Number.NaN;
  if (!match || Number.isNaN(utcNoon) || new Date(utcNoon).toISOString().slice(0, 10) !== day) return undefined;
  // Warsaw's offset on that day (+1 in winter, +2 in summer) from its own formatted noon.
  const warsawNoon = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Warsaw',
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(utcNoon));
  const offsetHours = Number(warsawNoon) - 12;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 8 - offsetHours);
}

if (main) await sweep();

async function sweep() {
  let time = Date.now();
  if (values.at !== undefined) {
    const at = morningInWarsaw(values.at);
    if (at === undefined) {
      console.error(`--at ${values.at}: expected a date as YYYY-MM-DD, e.g. --at 2026-12-05`);
      process.exitCode = 2;
      return;
    }
    time = at;
  }
  // wrangler dev's door passes the cron it is given but no time: the time rides in the cron (worker/schedule.ts runTime).
  const cron = values.at === undefined ? 'sweep' : `sweep at ${new Date(time).toISOString()}`;
  const url = `http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent(cron)}`;
  console.log(
    `sweep: the cron's jobs as on ${new Date(time).toISOString()} (${values.at ?? 'now'}, Warsaw 08:00 for --at)`,
  );
  try {
    const response = await fetch(url);
    console.log(`sweep: ${response.status} ${(await response.text()).trim()}`);
    process.exitCode = response.ok ? 0 : 1;
  } catch (error) {
    console.error(
      `sweep: no server on 127.0.0.1:${port} (${error.cause?.code ?? error.message}); start it with npm start`,
    );
    process.exitCode = 1;
  }
}
