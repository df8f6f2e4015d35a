// The test server's local D1 and outbox, read as the team's tools would (scripts/serve-test.mjs's state).
// The SQL goes through the server's own D1 binding (tests/worker/test-server-entry.ts): a second
// process opening the SQLite file made the server's own queries fail with "database is locked".

const port = process.env.KSEROWO_TEST_PORT ?? '8788';

/**
 * SQL on the test server's local D1: its statements (each ended by `;` at a line's end) in one
 * batch, all or nothing; answers the last statement's rows.
 */
export async function d1<T>(sql: string): Promise<T[]> {
  const statements = sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
  const response = await fetch(`http://127.0.0.1:${port}/__test/d1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ statements }),
  });
  const answer = (await response.json()) as { results?: T[]; error?: string };
  if (!response.ok) throw new Error(`d1: ${answer.error ?? response.status}`);
  return answer.results ?? [];
}

/** The link of the newest portal sign-in e-mail to `email`, from the outbox. */
export async function signInLink(email: string): Promise<string> {
  const [mail] = await d1<{ body: string }>(
    `SELECT body FROM outbox WHERE recipient = '${email}' AND about = 'portal' ORDER BY id DESC LIMIT 1`,
  );
  const link = /https?:\/\/\S+\/konto\/zaloguj\?t=[A-Za-z0-9_-]+/.exec(mail?.body ?? '')?.[0];
  if (!link) throw new Error(`no sign-in e-mail to ${email}`);
  return link;
}
