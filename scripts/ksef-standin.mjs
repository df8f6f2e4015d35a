// The local KSeF stand-in (worker/invoices/ksef/standin, Node) for `npm start` and the test
// server: bundled for Node like the other TypeScript the scripts run, started in this process on
// a free port (KSEROWO_KSEF_PORT picks one), and handed to `wrangler dev` as KSEF_API_URL with a
// KSEF_TOKEN it knows. Nothing local ever calls a real KSeF address.
import path from 'node:path';
import { importForNode } from './bundle.mjs';
import { root } from './env.mjs';

/** Starts the stand-in; answers `{ baseUrl, origin, token, close }` and the `--var` arguments for wrangler. */
export async function startKsefStandIn(name, options = {}) {
  const module = await importForNode(name, {
    entryPoints: [path.join(root, 'worker/invoices/ksef/standin/server.ts')],
    packages: 'external',
  });
  const standIn = await module.startKsefStandIn({
    port: Number(process.env.KSEROWO_KSEF_PORT ?? 0),
    specDir: path.join(root, 'worker/invoices/ksef/spec'),
    ...options,
  });
  const vars = ['--var', `KSEF_API_URL:${standIn.baseUrl}`, '--var', `KSEF_TOKEN:${standIn.token}`];
  return { standIn, vars };
}
