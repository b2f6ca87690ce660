// What other modules and the process may use of reports.
/** Dashboard and performance report routes. */
export { reportRoutes } from './reports.routes';
/** The roll-up job (registered in workers.ts) and the rebuild from raw facts (CLI, tests, bench). */
export { ROLLUP_JOB, rollUpAll, rollUpOrganization, rebuildOrganization } from './reports.rollup';
