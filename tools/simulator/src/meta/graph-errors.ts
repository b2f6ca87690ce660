// Graph API error envelope `{"error":{message,type,code,error_subcode?,fbtrace_id}}` (docs/channels.md
// "Errors") and the errors the fake returns. Codes and subcodes are the ones docs/channels.md names; messages
// follow Meta's wording.
import { fbtraceId } from '../core/ids';
import { json } from '../http/router';
import type { SimResponse } from '../http/router';

/** The fields of a Graph error, before `fbtrace_id` is added. */
export interface GraphErrorSpec {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
}

/** Renders a Graph error (HTTP 400 unless said otherwise, as Graph does for OAuthException). */
export function graphError(spec: GraphErrorSpec, status = 400): SimResponse {
  return json(status, { error: { ...spec, fbtrace_id: fbtraceId() } });
}

const oauth = (code: number, message: string, error_subcode?: number): GraphErrorSpec =>
  error_subcode === undefined
    ? { message, type: 'OAuthException', code }
    : { message, type: 'OAuthException', code, error_subcode };

/** The errors of the fake, by meaning. */
export const GraphErrors = {
  missingToken: () => oauth(104, 'An access token is required to request this resource.'),
  invalidToken: () => oauth(190, 'Invalid OAuth access token - Cannot parse access token'),
  expiredToken: () => oauth(190, 'Error validating access token: Session has expired.', 463),
  badAppSecretProof: () => oauth(100, 'Invalid appsecret_proof provided in the API argument'),
  pageTokenRequired: () => oauth(210, '(#210) A page access token is required to request this resource.'),
  userTokenRequired: () => oauth(200, '(#200) This endpoint requires a user access token.'),
  unsupported: (method: 'get' | 'post' | 'delete', id: string): GraphErrorSpec => ({
    message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  }),
  unknownPath: (path: string) => oauth(2500, `Unknown path components: ${path}`),
  param: (message: string) => oauth(100, `(#100) ${message}`),
  noMatchingUser: () => oauth(100, '(#100) No matching user found', 2018001),
  outsideWindow: () => oauth(10, '(#10) This message is sent outside of allowed window.', 2018278),
  /**
   * A second private reply to one comment. Meta answers `(#10900) Activity already replied to`, code 10900
   * without a subcode, as observed by integrators (its docs only say "one message"); a late private reply
   * gets `outsideWindow` (10 / 2018278) instead.
   */
  alreadyRepliedPrivately: () => oauth(10900, '(#10900) Activity already replied to'),
  humanAgentNotApproved: () =>
    oauth(100, "(#100) Cannot tag messages with 'HUMAN_AGENT' without prior approval."),
  consentRequired: () => oauth(230, '(#230) User consent is required to access user profile'),
  transient: (): GraphErrorSpec => ({
    message: 'An unexpected error has occurred. Please retry your request later.',
    type: 'OAuthException',
    code: 2,
    is_transient: true,
  }),
  rateLimited: () => oauth(613, '(#613) Calls to this api have exceeded the rate limit.'),
};
