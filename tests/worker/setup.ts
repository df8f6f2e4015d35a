// Every worker test file starts with the D1 schema applied (storage is isolated per file).
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';

const testEnv = env as unknown as Env & { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(testEnv.DB, testEnv.TEST_MIGRATIONS);

// Property tests run with the run's seed (tests/vitest.config.ts), so a failure can be replayed.
// ... and draw no new case after the run's time limit (tests/vitest.config.ts).
fc.configureGlobal({
  seed: Number(testEnv.PROPERTY_SEED),
  interruptAfterTimeLimit: Number(testEnv.PROPERTY_TIME_LIMIT_MS),
});
