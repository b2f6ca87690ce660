import {
  AiConnectionResultSchema,
  AiRequestPageSchema,
  AiRequestQuerySchema,
  AiSettingsSchema,
  AiUsageSchema,
  SaveAiSettingsSchema,
  TestAiConnectionSchema,
} from '../ai';
import { defineRoutes } from './route';

const tag = 'ai';
// AI assist settings are organisation settings, held like service levels and automation rules (channel scope
// all: Admins and SuperAdmins by default); its request log and meter are read by the same people.
const can = (action: 'view' | 'update') => ({ resource: 'channel', action, scopes: ['all'] }) as const;

export const aiRoutes = defineRoutes({
  getSettings: {
    method: 'GET',
    path: '/ai/settings',
    tag,
    responses: { 200: AiSettingsSchema },
    access: can('view'),
  },
  /** 400 validation.failed, or ai.endpoint_private (a private address while the operator allows none). */
  updateSettings: {
    method: 'PUT',
    path: '/ai/settings',
    tag,
    body: SaveAiSettingsSchema,
    responses: { 200: AiSettingsSchema },
    access: can('update'),
    audit: { area: 'ai' },
  },
  /**
   * Sends a tiny request with the given settings (the saved key unless one is given); stores nothing. A
   * failure is an answer too: `{ ok: false, code }` with ai.timeout, ai.rate_limited, ai.auth_failed,
   * ai.unavailable or ai.endpoint_private. Audited: it may use the saved key.
   */
  testConnection: {
    method: 'POST',
    path: '/ai/settings/test',
    tag,
    body: TestAiConnectionSchema,
    responses: { 200: AiConnectionResultSchema },
    access: can('update'),
    audit: { area: 'ai', action: 'test_connection' },
  },
  usage: {
    method: 'GET',
    path: '/ai/usage',
    tag,
    responses: { 200: AiUsageSchema },
    access: can('view'),
  },
  /** Newest first; never any message text. */
  requests: {
    method: 'GET',
    path: '/ai/requests',
    tag,
    query: AiRequestQuerySchema,
    responses: { 200: AiRequestPageSchema },
    access: can('view'),
  },
});
