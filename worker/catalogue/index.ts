/**
 * What the catalogue feature offers the rest of the worker: the live catalogue and its version.
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export { liveCatalogue, liveVersion } from './model.ts';
