// Free TCP ports on 127.0.0.1, so every server the tests start can run beside `npm start`, another
// checkout's tests or anything else that holds a well-known port (8787, 8788, 8889, 9229…).
import { createServer } from 'node:net';

/** Whether `port` can be bound on 127.0.0.1 now (bound and closed again). */
const bindable = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A port nothing listens on now, below Linux's ephemeral range (32768–60999): a port the system hands
 * out for "any port" can be taken again by another program's "any port" between our check and the server's
 * start (seen in CI: a test server's port held by one of wrangler's own, "Address already in use").
 */
export async function freePort() {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await bindable(port)) return port;
  }
  // Nothing free there: the system's choice.
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether something already listens on 127.0.0.1:port. */
export function portTaken(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(true));
    server.listen(Number(port), '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/**
 * The ports of the test servers that start with the suite (docs/development.md), each from its variable
 * when set, else a free one: the Chromium run's server, the Firefox run's server and the component tests'
 * static server. Distinct from each other. The catalogue spec's second server starts minutes later and
 * takes its free port only then (a port handed out at the start was seen taken by then, in CI).
 */
export const TEST_PORT_VARIABLES = ['KSEROWO_TEST_PORT', 'KSEROWO_FIREFOX_PORT', 'KSEROWO_COMPONENT_PORT'];

export async function assignTestPorts(env = process.env) {
  const taken = new Set(TEST_PORT_VARIABLES.map((name) => env[name]).filter(Boolean));
  for (const name of TEST_PORT_VARIABLES) {
    if (env[name]) continue;
    let port = String(await freePort());
    while (taken.has(port)) port = String(await freePort());
    taken.add(port);
    env[name] = port;
  }
  return env;
}
