/** What another feature's admin route may say to the audit log of its request (the log itself is this feature's). */
export { auditDetails, auditRead, auditTarget } from './model-audit.ts';
