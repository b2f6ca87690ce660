// What other modules may use of agent assist (issue 20).
/** The composer's AI actions: suggest, rewrite, translate, summary, tags. */
export { assistRoutes } from './assist.routes';
