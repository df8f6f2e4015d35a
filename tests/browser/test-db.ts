// The test server's local D1 and outbox, read as the team's tools would (scripts/serve-test.mjs's state).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.KSEROWO_TEST_PORT ?? '8788';

/** SQL on the test server's local D1. */
export function d1<T>(sql: string, attempt = 1): T[] {
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'd1',
      'execute',
      'DB',
      '--local',
      '--config',
      path.join(root, '.wrangler/test-config', port, 'wrangler.toml'),
      '--persist-to',
      path.join(root, process.env.KSEROWO_TEST_STATE ?? '.wrangler/test-state'),
      '--json',
      '--command',
      sql,
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' } },
  );
  // The dev server and the other test may hold the SQLite file's lock for a moment: wait and try again.
  // (A locked database has also been seen to fail with an empty stderr: any failure is tried again.)
  if (run.status !== 0 && attempt < 6) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500 * attempt);
    return d1<T>(sql, attempt + 1);
  }
  if (run.status !== 0) throw new Error(`d1: ${run.stderr || run.stdout}`);
  const parsed = JSON.parse(run.stdout) as { results: T[] }[];
  return parsed.at(-1)?.results ?? [];
}

/** The link of the newest portal sign-in e-mail to `email`, from the outbox. */
export function signInLink(email: string): string {
  const [mail] = d1<{ body: string }>(
    `SELECT body FROM outbox WHERE recipient = '${email}' AND about = 'portal' ORDER BY id DESC LIMIT 1`,
  );
  const link = /https?:\/\/\S+\/konto\/zaloguj\?t=[A-Za-z0-9_-]+/.exec(mail?.body ?? '')?.[0];
  if (!link) throw new Error(`no sign-in e-mail to ${email}`);
  return link;
}
