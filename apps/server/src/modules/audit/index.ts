// What other modules and the process may use of the audit trail.
/** The audit log's routes (list, export, retention). */
export { auditRoutes } from './audit.routes';
/** The hook that records audited calls (a route names its subject with http/audited-subject.ts). */
export { registerAuditTrail } from './audit.hook';
/** Sign-ins are recorded by the auth module; the purge job runs in the workers. */
export { purgeExpiredEntries, recordSignIn } from './audit.service';
export { AUDIT_PURGE_JOB } from './audit.jobs';
