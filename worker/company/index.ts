/**
 * What the company look-ups offer the rest of the worker: the cron's tidy-up of stale look-ups.
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export { forgetStaleLookups } from './model.ts';
