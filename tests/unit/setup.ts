// Every unit test file runs its property tests with the run's seed (tests/vitest.config.ts).
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.KSEROWO_PROPERTY_SEED) });
