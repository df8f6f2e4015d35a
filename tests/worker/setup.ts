// Every worker test file starts from a fresh database (tests/worker/fresh-d1.ts) and an empty backups bucket.
import type { D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterEach } from 'vitest';
import { app } from '../../worker/app.ts';
import worker from '../../worker/index.ts';
import { guardEntries, guardEnv, takeViolations } from './d1-guard.ts';
import { freshD1, rawD1 } from './fresh-d1.ts';

const testEnv = env as unknown as Env & { TEST_MIGRATIONS: D1Migration[] };
await freshD1(rawD1(testEnv.DB), testEnv.TEST_MIGRATIONS);
for (let listed = await testEnv.BACKUPS.list(); listed.objects.length > 0; listed = await testEnv.BACKUPS.list())
  await testEnv.BACKUPS.delete(listed.objects.map((o) => o.key));

// Production's limits hold in every test (tests/worker/d1-guard.ts): the D1 binding and the queue
// producers that the tests and the worker share are guarded, and each call of the worker's entries
// counts as one invocation. A statement over a limit fails the test, even where the worker caught it.
guardEnv(testEnv as unknown as Record<string, unknown>);
guardEntries(worker as Parameters<typeof guardEntries>[0], 'worker');
guardEntries(app as unknown as Parameters<typeof guardEntries>[0], 'app');
afterEach(() => {
  const found = takeViolations();
  if (found.length > 0)
    throw new Error(`Over a production limit of D1 or Queues:\n- ${[...new Set(found)].join('\n- ')}`);
});

// Property tests run with the run's seed (tests/vitest.config.ts), so a failure can be replayed.
// ... and draw no new case after the run's time limit (tests/vitest.config.ts).
fc.configureGlobal({
  seed: Number(testEnv.PROPERTY_SEED),
  interruptAfterTimeLimit: Number(testEnv.PROPERTY_TIME_LIMIT_MS),
});
