import {
  ApiTokenListSchema,
  ApiTokenSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
} from '../api-tokens';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'api-tokens';
// The organisation's administrators, like the audit log: whoever may manage every user. Only a person
// manages tokens: a token can neither mint another nor revoke one.
const admin = { resource: 'user', action: 'update', scopes: ['all'] } as const;

export const apiTokenRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api-tokens',
    tag,
    responses: { 200: ApiTokenListSchema },
    access: admin,
    personOnly: true,
  },
  create: {
    method: 'POST',
    path: '/api-tokens',
    tag,
    body: CreateApiTokenSchema,
    responses: { 201: CreatedApiTokenSchema },
    access: admin,
    personOnly: true,
    audit: { area: 'api_token' },
  },
  revoke: {
    method: 'POST',
    path: '/api-tokens/:id/revoke',
    tag,
    params: UuidParams,
    responses: { 200: ApiTokenSchema },
    access: admin,
    personOnly: true,
    audit: { area: 'api_token', action: 'revoke' },
  },
});
