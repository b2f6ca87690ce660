// What other modules may use of tags.
/** Tag settings routes, tag options and the tags of an issue. */
export { tagRoutes } from './tags.routes';
/** One tag added to or removed from an issue by automation (rules, macros). */
export { toggleIssueTag, type TagActor } from './tags.service';
