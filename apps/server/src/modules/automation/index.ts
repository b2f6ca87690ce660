// What other modules and the process may use of automation.
/** The engine the changes of an issue call with their events (reached through Deps). */
export { ruleEngine } from './automation.engine';
/** The rules screen's routes; macros and the inbox's bulk actions. */
export { automationRoutes, macroRoutes } from './automation.routes';
/** The minute job: idle rules and closes after inactivity. */
export { AUTOMATION_TIMERS_JOB, runTimers } from './automation.timers';
