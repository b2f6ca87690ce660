// What other modules may use of tags.
/** Tag settings routes, tag options and the tags of an issue. */
export { tagRoutes } from './tags.routes';
