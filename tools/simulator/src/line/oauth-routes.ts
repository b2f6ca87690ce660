// The channel access token API of LINE's OAuth host paths on api.line.me: verifying a token and issuing
// stateless tokens from the channel id and secret (v3). A server proves it holds a channel's secret by being
// issued a stateless token for it. Each kind of token has its own verify endpoint, as at LINE: v2.1 tokens
// (issued from a signed JWT) at `GET /oauth2/v2.1/verify`, long-lived and short-lived ones at
// `POST /v2/oauth/verify`; stateless tokens at neither. Field names follow line-openapi's
// channel-access-token.yml; the error bodies are OAuth's `{error, error_description}` [UNVERIFIED wording].
import type { Clock } from '../core/clock';
import { randomToken } from '../core/ids';
import { json, route } from '../http/router';
import type { Route, SimRequest, SimResponse } from '../http/router';
import type { LineState } from './state';
import type { LineAccessTokenKind } from './types';

interface Deps {
  state: LineState;
  clock: Clock;
}

const STATELESS_TOKEN_S = 15 * 60;
// The simulator's tokens never expire (stateless ones aside); verify still reports a remaining lifetime.
const LONG_LIVED_REPORTED_S = 30 * 24 * 60 * 60;

const oauthError = (status: number, error: string, description: string): SimResponse =>
  json(status, { error, error_description: description });

/** `GET /oauth2/v2.1/verify`, `POST /v2/oauth/verify` and `POST /oauth2/v3/token`. */
export function lineOAuthRoutes(deps: Deps): Route[] {
  return [
    route('GET', 'line', '/oauth2/v2.1/verify', (req) =>
      verify(deps, req.query.get('access_token'), ['v2.1']),
    ),
    route('POST', 'line', '/v2/oauth/verify', (req) =>
      req.body.kind === 'form'
        ? verify(deps, req.body.value.access_token, ['long-lived', 'short-lived'])
        : oauthError(400, 'invalid_request', 'form body required'),
    ),
    route('POST', 'line', '/oauth2/v3/token', (req) => issueStateless(deps, req)),
  ];
}

/** The token's channel when the token is of a kind this endpoint verifies; LINE's 400 otherwise. */
function verify(deps: Deps, token: string | null | undefined, kinds: LineAccessTokenKind[]): SimResponse {
  if (!token) return oauthError(400, 'invalid_request', 'access_token is required');
  const channel = deps.state.channelByToken(token);
  if (!channel || !kinds.includes(channel.accessTokenKind))
    return oauthError(400, 'invalid_request', 'access token expired');
  return json(200, {
    client_id: channel.channelId,
    expires_in: LONG_LIVED_REPORTED_S,
    scope: 'profile chat_message.write',
  });
}

function issueStateless(deps: Deps, req: SimRequest): SimResponse {
  if (req.body.kind !== 'form') return oauthError(400, 'invalid_request', 'form body required');
  const form = req.body.value;
  if (form.grant_type !== 'client_credentials')
    return oauthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
  const channel = deps.state.channels.get(form.client_id ?? '');
  // One answer for an unknown channel and a wrong secret: the pair is what is checked.
  if (!channel || form.client_secret !== channel.channelSecret)
    return oauthError(400, 'invalid_client', 'invalid client_id or client_secret');
  const token = `stateless-${randomToken(40)}`;
  deps.state.statelessTokens.set(token, {
    channelId: channel.channelId,
    expiresAt: deps.clock.now() + STATELESS_TOKEN_S * 1000,
  });
  return json(200, { token_type: 'Bearer', access_token: token, expires_in: STATELESS_TOKEN_S });
}
