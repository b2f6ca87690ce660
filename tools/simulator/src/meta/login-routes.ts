// An imitation of Facebook Login for connecting Pages: the OAuth dialog consents at once and redirects with a
// code; the code is exchanged for a user token, which lists the user's Pages with their Page tokens.
import type { Clock } from '../core/clock';
import { randomToken } from '../core/ids';
import { json, route } from '../http/router';
import type { Route, SimRequest, SimResponse } from '../http/router';
import { GraphErrors, graphError } from './graph-errors';
import type { MetaState } from './state';

interface Deps {
  state: MetaState;
  clock: Clock;
}

const CODE_TTL_MS = 10 * 60 * 1000;
const SHORT_LIVED_TOKEN_S = 2 * 60 * 60;
const LONG_LIVED_TOKEN_S = 60 * 24 * 60 * 60;

/** The login dialog and the token exchange. */
export function loginRoutes(deps: Deps): Route[] {
  return [
    route('GET', 'meta', '/dialog/oauth', (req) => dialog(deps, req)),
    route('GET', 'meta', '/:version/dialog/oauth', (req) => dialog(deps, req)),
    route('GET', 'meta', '/:version/oauth/access_token', (req) => accessToken(deps, req)),
  ];
}

function dialog(deps: Deps, req: SimRequest): SimResponse {
  const app = deps.state.requireApp();
  const clientId = req.query.get('client_id');
  const redirectUri = req.query.get('redirect_uri');
  if (clientId !== app.appId)
    return graphError({ message: 'Invalid App ID', type: 'OAuthException', code: 101 });
  if (!redirectUri || !URL.canParse(redirectUri)) {
    return graphError(
      GraphErrors.param('The parameter redirect_uri is required and must be an absolute URL'),
    );
  }
  const state = req.query.get('state');
  const target = new URL(redirectUri);
  if (state !== null) target.searchParams.set('state', state);
  if (deps.state.loginCancels > 0) {
    // The user pressed Cancel: Facebook sends them back with the error fields instead of a code.
    deps.state.loginCancels -= 1;
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_code', '200');
    target.searchParams.set('error_description', 'Permissions error');
    target.searchParams.set('error_reason', 'user_denied');
    return { status: 302, headers: { location: target.toString() }, text: '' };
  }
  // Otherwise consent is automatic: the fake user grants every requested permission.
  const code = randomToken(48);
  deps.state.oauthCodes.set(code, { clientId, redirectUri, createdAt: deps.clock.now(), isUsed: false });
  target.searchParams.set('code', code);
  return { status: 302, headers: { location: target.toString() }, text: '' };
}

function accessToken(deps: Deps, req: SimRequest): SimResponse {
  const app = deps.state.requireApp();
  const query = req.query;
  if (query.get('client_id') !== app.appId) {
    return graphError({
      message: 'Error validating application. Invalid application ID.',
      type: 'OAuthException',
      code: 101,
    });
  }
  if (query.get('client_secret') !== app.appSecret) {
    return graphError({ message: 'Error validating client secret.', type: 'OAuthException', code: 1 });
  }
  const now = deps.clock.now();
  if (query.get('grant_type') === 'fb_exchange_token') {
    const current = deps.state.userTokens.get(query.get('fb_exchange_token') ?? '');
    if (!current || current.expiresAt <= now) return graphError(GraphErrors.invalidToken());
    return issue(deps, LONG_LIVED_TOKEN_S);
  }
  const code = deps.state.oauthCodes.get(query.get('code') ?? '');
  if (!code || now - code.createdAt > CODE_TTL_MS) {
    return graphError({
      message: 'Invalid verification code format.',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36007,
    });
  }
  if (code.isUsed) {
    return graphError({
      message: 'This authorization code has been used.',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36009,
    });
  }
  if (query.get('redirect_uri') !== code.redirectUri) {
    return graphError({
      message:
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36008,
    });
  }
  code.isUsed = true;
  return issue(deps, SHORT_LIVED_TOKEN_S);
}

function issue(deps: Deps, expiresInSeconds: number): SimResponse {
  const token = `EAA${randomToken(90)}`;
  deps.state.userTokens.set(token, { token, expiresAt: deps.clock.now() + expiresInSeconds * 1000 });
  return json(200, { access_token: token, token_type: 'bearer', expires_in: expiresInSeconds });
}
