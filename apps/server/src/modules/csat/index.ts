// What other modules and the process may use of customer satisfaction.
/** The survey settings routes. */
export { csatRoutes } from './csat.routes';
/** The job handler that sends a survey once an issue's service ended (workers.ts). */
export { sendSurvey } from './csat.survey';
/** The inbound worker records a customer's rating and comment with these. */
export { awaitsComment, ratingOf, recordSurveyComment, recordSurveyRating } from './csat.survey';
export { findAnswerable, type Survey } from './csat.repo';
