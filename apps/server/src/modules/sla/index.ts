// What other modules and the process may use of service levels.
/** Whatever changes an issue's facts computes its clocks again, in its own transaction. */
export { refreshSla, type IssueRef } from './sla.clocks';
/** Policy routes; the jobs (workers.ts): notices when due, the clocks again after a policy change. */
export { slaRoutes } from './sla.routes';
export { recomputeOrganization, SLA_RECOMPUTE_JOB } from './sla.policies';
export { sendDueNotices, SLA_NOTICES_JOB, wakeOnClocks } from './sla.notices';
