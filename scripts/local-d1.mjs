// The local D1 of `npm start` (wrangler dev --local) for a Node script: a Miniflare with the one
// binding DB, persisted where wrangler keeps it (.wrangler/state/v3/d1, keyed by wrangler.toml's
// database_id), so a script reads and writes the very database the local site uses. Miniflare 5 takes
// its v4 options through convertV4MiniflareOptions, as wrangler's own `d1 execute --local` does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { root } from './env.mjs';

/** Where wrangler dev, `wrangler d1 … --local` and these scripts keep local data (the D1 in its d1/). */
export const STATE_PERSIST = path.join(root, '.wrangler/state/v3');

const databaseId = () => {
  const found = /\[\[d1_databases\]\][^[]*?database_id = "([^"]+)"/.exec(
    readFileSync(path.join(root, 'wrangler.toml'), 'utf8'),
  );
  if (!found) throw new Error('wrangler.toml: no [[d1_databases]] with a database_id');
  return found[1];
};

/** Runs `work` with the local D1 binding, then stops Miniflare. */
export async function withLocalD1(work) {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: 'export default { fetch: () => new Response(null, { status: 404 }) };',
      compatibilityDate: '2026-04-01',
      d1Databases: { DB: databaseId() },
      resourcePersistencePath: STATE_PERSIST,
    }),
  );
  try {
    const db = await mf.getD1Database('DB');
    return await work(db);
  } finally {
    await mf.dispose();
  }
}
