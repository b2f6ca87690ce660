// Reading Graph requests: the access token (query, form, JSON body or Authorization header, C.7 and F.Meta 3),
// the optional `appsecret_proof`, and parameters merged from query and body.
import { isObject } from '../core/is-object';
import { appSecretProof } from '../core/signatures';
import type { SimRequest } from '../http/router';
import { GraphErrors } from './graph-errors';
import type { GraphErrorSpec } from './graph-errors';
import { decodeGraphParams } from './send-validation';
import type { MetaState, TokenOwner } from './state';

/** Query and body parameters, JSON-string values decoded; `access_token` and `appsecret_proof` removed. */
export function graphParams(req: SimRequest): Record<string, unknown> {
  const merged: Record<string, unknown> = Object.fromEntries(req.query);
  if (req.body.kind === 'form') Object.assign(merged, req.body.value);
  if (req.body.kind === 'json' && isObject(req.body.value)) Object.assign(merged, req.body.value);
  delete merged.access_token;
  delete merged.appsecret_proof;
  return decodeGraphParams(merged);
}

function rawParam(req: SimRequest, name: string): string | null {
  const fromQuery = req.query.get(name);
  if (fromQuery) return fromQuery;
  if (req.body.kind === 'form' && req.body.value[name]) return req.body.value[name];
  if (req.body.kind === 'json' && isObject(req.body.value) && typeof req.body.value[name] === 'string') {
    return req.body.value[name];
  }
  return null;
}

/** The access token of a Graph request, wherever it was put. */
export function graphAccessToken(req: SimRequest): string | null {
  const header = /^(?:Bearer|OAuth) (.+)$/i.exec(req.headers.authorization ?? '');
  return header?.[1]?.trim() ?? rawParam(req, 'access_token');
}

/** Who is calling, or the Graph error: 104 without a token, 190 for an unknown or expired one. */
export function authenticateGraph(
  state: MetaState,
  req: SimRequest,
  now: number,
): TokenOwner | GraphErrorSpec {
  const token = graphAccessToken(req);
  if (!token) return GraphErrors.missingToken();
  const owner = state.tokenOwner(token);
  if (!owner) return GraphErrors.invalidToken();
  if (owner.kind === 'user' && owner.token.expiresAt <= now) return GraphErrors.expiredToken();
  // appsecret_proof is optional unless the app requires it (C.1); when present it must be right.
  const proof = rawParam(req, 'appsecret_proof');
  if (proof !== null && state.app && proof !== appSecretProof(token, state.app.appSecret))
    return GraphErrors.badAppSecretProof();
  return owner;
}

/** Narrows an authentication result. */
export function isGraphError(value: unknown): value is GraphErrorSpec {
  return isObject(value) && typeof value.code === 'number' && typeof value.message === 'string';
}
