/**
 * What the quotes feature offers the rest of the worker: a quote by id or lead, the statements that
 * store a quote in its lead's batch, and a person's quotes for the export, the erasure and retention.
 * Another feature takes these from here, never from the models (docs/layout.md).
 */
export {
  anonymiseQuotesOfLeadsStatement,
  deleteQuoteOfLeadStatement,
  type NewQuote,
  quoteById,
  quoteOfLead,
  quoteRowsOfLeads,
  quoteStatements,
  quoteSummaries,
  type StoredQuote,
} from './model.ts';
