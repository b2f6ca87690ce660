// What other modules and the process may use of AI assist.
/**
 * The one way any feature reaches a model: `completeWithAi(deps, request)` with the organisation's endpoint,
 * data rules, budget and timeout, logged without text (docs/decisions/ai.md "AI assist").
 */
export { completeWithAi, type AiFeature, type AiMessage } from './ai.service';
/** The features on for an organisation right now (none while AI is off or not set up). */
export { enabledFeaturesOf } from './ai.service';
/** The settings screen's routes: settings, test connection, meter and request log. */
export { aiRoutes } from './ai.routes';
