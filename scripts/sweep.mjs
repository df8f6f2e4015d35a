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

/** Whether `day` is a day of the calendar written YYYY-MM-DD. */
export function isDay(day) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return false;
  const noon = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return noon.toISOString().slice(0, 10) === day;
}

if (main) await sweep();

async function sweep() {
  if (values.at !== undefined && !isDay(values.at)) {
    console.error(`--at ${values.at}: expected a date as YYYY-MM-DD, e.g. --at 2026-12-05`);
    process.exitCode = 2;
    return;
  }
  // wrangler dev's door passes the cron it is given but no time: the day rides in the cron, and the worker
  // works for 08:00 Warsaw time that day (runTime in worker/schedule.ts).
  const cron = values.at === undefined ? 'sweep' : `sweep at ${values.at}`;
  const url = `http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent(cron)}`;
  console.log(
    values.at === undefined
      ? `sweep: the cron's jobs as now (${new Date().toISOString()})`
      : `sweep: the cron's jobs as on ${values.at}, 08:00 Warsaw time`,
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
