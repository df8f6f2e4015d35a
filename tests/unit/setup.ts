// Every unit test file runs its property tests with the run's seed (tests/vitest.config.ts).
import fc from 'fast-check';

// ... and draws no new case after the run's time limit (tests/vitest.config.ts).
fc.configureGlobal({
  seed: Number(process.env.KSEROWO_PROPERTY_SEED),
  interruptAfterTimeLimit: Number(process.env.KSEROWO_PROPERTY_TIME_LIMIT_MS),
});
