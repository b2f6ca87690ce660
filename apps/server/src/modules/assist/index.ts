// What other modules may use of agent assist.
/** The composer's AI actions: suggest, rewrite, translate, summary, tags. */
export { assistRoutes } from './assist.routes';
/**
 * The prompts' shared wording, for the first responder: the material rule, the no-promises rule, the
 * conversation and reference blocks between markers, and the hand-over summary.
 */
export {
  MATERIAL_RULE,
  NO_PROMISES,
  conversationText,
  lineOf,
  referencesText,
  summaryPrompt,
  type ConversationLine,
  type Reference,
} from './assist.prompts';
