/**
 * The audit trail (issue 23 §3, ADR 054): recordAuditEvent appends an entry to its business's hash chain in the
 * transaction of the change it records; verifyAuditTrail (npm run audit:verify) walks every chain.
 */

export { changedFields } from './audit.changes.ts';
export {
  type AuditContext,
  actorAuditOf,
  auditContextOf,
  type BusinessAuditContext,
  businessAuditOf,
  recordAuditEvent,
  signInContextOf,
} from './audit.service.ts';
export { verifyAuditTrail } from './audit.verify.ts';
