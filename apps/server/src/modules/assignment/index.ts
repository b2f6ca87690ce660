// What other modules may use of assignment.
/** Job definitions and their handlers (registered in workers.ts). */
export {
  ASSIGN_JOB,
  BACKLOG_JOB,
  SWEEP_JOB,
  handOutsSettled,
  runAssignJob,
  runBacklogJob,
  sweepBacklogs,
} from './assignment.service';
/** Enqueue an issue's assignment (new issue, transfer) or a team's backlog hand-out, inside a transaction. */
export { requestAssignment, requestBacklogHandOut } from './assignment.service';
/** Hand out teams' waiting issues right after the ingest's transaction committed, and its durable path. */
export { handOutFallbackJobs, startHandOuts } from './assignment.service';
/** Assign one issue now, or hand out a team's waiting issues now (tests, tools). */
export { assignIssue, handOutBacklog, type AssignResult } from './assignment.service';
/** What an issue waiting in its team's queue is, and the queue's order (issues' "take next" shares them). */
export { queueOrder, waitingForAgent } from './assignment.repo';
/** Auto-assignment settings routes. */
export { assignmentRoutes } from './assignment.routes';
