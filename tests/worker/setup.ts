// Every worker test file starts with the D1 schema applied (storage is isolated per file).
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterEach } from 'vitest';
import { app } from '../../worker/app.ts';
import worker from '../../worker/index.ts';
import { guardEntries, guardEnv, takeViolations } from './d1-guard.ts';

const testEnv = env as unknown as Env & { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(testEnv.DB, testEnv.TEST_MIGRATIONS);

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
