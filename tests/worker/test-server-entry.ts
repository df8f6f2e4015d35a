/**
 * The entry of the browser tests' server (scripts/serve-test.mjs), never of production: the
 * product worker as it is, plus `POST /__test/d1`, which runs the tests' SQL on the worker's own
 * D1 binding. A `wrangler d1 execute --local` beside `wrangler dev` opened the same SQLite file
 * from a second workerd, and its locks made the server's own queries fail ("database is locked",
 * SQLITE_BUSY, answered 503); through the binding the tests' statements queue behind the
 * server's like any request's. `GET /__test/whoami` answers the `TEST_SERVER_ID` the server was
 * started with, so a spec that starts a server of its own knows it talks to that one and not to
 * whatever else took the port (admin-catalogue.spec.ts).
 */
import worker from '../../worker/index.ts';

type Handler = typeof worker;

/** `{ statements: string[] }`: run as one D1 batch (all or nothing); answers the last one's rows. */
async function runSql(request: Request, env: Env): Promise<Response> {
  try {
    const { statements } = (await request.json()) as { statements?: unknown };
    if (!Array.isArray(statements) || !statements.length || !statements.every((s) => typeof s === 'string'))
      return Response.json({ error: 'statements: a non-empty list of SQL strings' }, { status: 400 });
    const results = await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
    return Response.json({ results: results.at(-1)?.results ?? [] });
  } catch (error) {
    return Response.json({ error: error instanceof Error ? error.message : String(error) }, { status: 500 });
  }
}

export default {
  ...worker,
  fetch: async (request, env, ctx) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'POST' && pathname === '/__test/d1') return runSql(request, env);
    if (request.method === 'GET' && pathname === '/__test/whoami')
      return new Response(String((env as unknown as { TEST_SERVER_ID?: string }).TEST_SERVER_ID ?? ''));
    return worker.fetch(request, env, ctx);
  },
} satisfies Handler;
