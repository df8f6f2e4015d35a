/**
 * What a feature's admin routes use of the audit log: the details, the named target and the
 * marked read of the current request's audit row (the admin gate writes the row). The SQL
 * stays in model-audit.ts.
 */
export { auditDetails, auditRead, auditTarget } from './model-audit.ts';
