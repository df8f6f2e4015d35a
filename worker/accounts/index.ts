/**
 * What the accounts feature offers the rest of the worker (docs/layout.md): another feature,
 * and the admin API that wires the gate, take these from here, never from the models.
 */
export { endSession, findSession } from './model-sessions.ts';
export { type AuditRow, auditAbout, auditStatement, recordAudit, recordView } from './model-audit.ts';
export { deleteLoginDevicesOfStatement, loginDevicesOf } from './model-login-devices.ts';
export { type OneTimeLinks, spendOneTimeLink } from './model-one-time-links.ts';
