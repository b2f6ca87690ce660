import { z } from 'zod';
import {
  ChannelListSchema,
  ChannelSchema,
  CreateChannelSchema,
  MetaConnectionSchema,
  MetaLoginUrlSchema,
  UpdateChannelSchema,
} from '../channels';
import { LineQuotaSchema } from '../line-quota';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'channels';
// Channel settings are for scope `all` (/setting/channel).
const can = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ resource: 'channel', action, scopes: ['all'] }) as const;
// Every field optional and loosely typed: a malformed redirect is a failed login, not a 400 page.
const Param = z.string().max(2000).optional().catch(undefined);
const MetaCallbackQuery = z.object({ code: Param, state: Param, error: Param, error_reason: Param });

export const channelRoutes = defineRoutes({
  list: { method: 'GET', path: '/channels', tag, responses: { 200: ChannelListSchema }, access: can('view') },
  get: {
    method: 'GET',
    path: '/channels/:id',
    tag,
    params: UuidParams,
    responses: { 200: ChannelSchema },
    access: can('view'),
  },
  create: {
    method: 'POST',
    path: '/channels',
    tag,
    body: CreateChannelSchema,
    responses: { 201: ChannelSchema },
    access: can('create'),
    audit: { area: 'channel' },
  },
  update: {
    method: 'PUT',
    path: '/channels/:id',
    tag,
    params: UuidParams,
    body: UpdateChannelSchema,
    responses: { 200: ChannelSchema },
    access: can('update'),
    audit: { area: 'channel' },
  },
  // This month's LINE quota and usage: read like the channel's settings.
  lineQuota: {
    method: 'GET',
    path: '/channels/:id/line-quota',
    tag,
    params: UuidParams,
    responses: { 200: LineQuotaSchema },
    access: can('view'),
  },
  delete: {
    method: 'DELETE',
    path: '/channels/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: can('delete'),
    audit: { area: 'channel' },
  },
  metaLoginUrl: {
    method: 'GET',
    path: '/channels/meta/login-url',
    tag,
    responses: { 200: MetaLoginUrlSchema },
    access: can('create'),
  },
  // The browser arrives here from Facebook's redirect, without a bearer token: the signed state proves who.
  // Whatever Facebook answers (a code, a cancel, anything unexpected), the browser goes back to the channel
  // settings screen, which tells the admin what happened in their language.
  metaCallback: {
    method: 'GET',
    path: '/channels/meta/callback',
    tag,
    query: MetaCallbackQuery,
    responses: {},
    access: { public: true },
  },
  metaConnections: {
    method: 'GET',
    path: '/channels/meta/connections/:id',
    tag,
    params: UuidParams,
    responses: { 200: MetaConnectionSchema },
    access: can('create'),
  },
});
