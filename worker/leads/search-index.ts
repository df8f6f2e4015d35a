/**
 * The lead search index (migration 0201) for other features: a contentless FTS5 table of the leads'
 * name, e-mail and company, keyed by their rowids, which holds nothing the leads do not. A restore
 * (worker/backups/) leaves it out of the backup and builds it again with this.
 */
export { fillLeadSearchStatement } from './model.ts';
