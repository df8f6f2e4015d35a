/**
 * What the collectors offer the rest of the worker: each device's last report (the customer's
 * page shows its last automatic reading and toner levels); the fallen-off and pruning jobs of the cron.
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export { lastReportsOf, type ReportRow } from './model-reports.ts';
export { listFallenOff } from './fallen-off.ts';
export { pruneReports } from './prune.ts';
