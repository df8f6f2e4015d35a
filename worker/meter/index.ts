/**
 * What the meter feature offers the rest of the worker: recording a reading (the contracts' and the
 * customer's page), a contract's accepted readings, reminders, and a person's readings for the
 * export, the erasure and the retention job.
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export { acceptHeldReading } from './accept-held.ts';
export { remindersOfContracts } from './model-reading-reminders.ts';
export { anonymiseReadingsStatement, readingIdsToAnonymise, readingsOfEmail } from './model-reading-privacy.ts';
export {
  acceptedReadingsOf,
  acceptedReadingsOfPeriod,
  asReading,
  READING_REFERENCE_PLACEHOLDER,
  type ReadingDevice,
  readingReference,
  type ReadingRow,
  type ReadingToRecord,
  recordReading,
  type ReadingSource,
  storeHeldReading,
  type RecordResult,
} from './model.ts';
