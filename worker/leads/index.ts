/**
 * What the leads feature offers the rest of the worker: storing a lead (the quote form's), finding
 * one, and a person's leads and notes for the export, the erasure and the retention job.
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export { deleteNotesOfLeadsStatement, type LeadNoteRow, notesOfLeads } from './model-lead-notes.ts';
export {
  anonymiseLeadsStatements,
  leadById,
  leadIdsToAnonymise,
  type LeadRow,
  leadsOfEmail,
  type NewLead,
  storeLead,
  SubmissionConflict,
} from './model.ts';
