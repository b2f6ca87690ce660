// What other modules and the process may use of the AI first responder.
/** The settings and report routes. */
export { firstResponderRoutes } from './first-responder.routes';
/** The job and its handler (workers.ts); the ingest queues it with firstResponderJobs, in its transaction. */
export { FIRST_RESPONDER_JOB, firstResponderJobs, runFirstResponder } from './first-responder.service';
