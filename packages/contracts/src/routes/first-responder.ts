import {
  FirstResponderReportQuerySchema,
  FirstResponderReportSchema,
  FirstResponderSettingsSchema,
} from '../first-responder';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'first-responder';

export const firstResponderRoutes = defineRoutes({
  /** A channel's AI first responder (channel settings, scope all), the defaults until saved. */
  settings: {
    method: 'GET',
    path: '/channels/:id/first-responder',
    tag,
    params: UuidParams,
    responses: { 200: FirstResponderSettingsSchema },
    access: { resource: 'channel', action: 'view', scopes: ['all'] },
  },
  saveSettings: {
    method: 'PUT',
    path: '/channels/:id/first-responder',
    tag,
    params: UuidParams,
    body: FirstResponderSettingsSchema,
    responses: { 200: FirstResponderSettingsSchema },
    access: { resource: 'channel', action: 'update', scopes: ['all'] },
    audit: { area: 'first_responder', action: 'update' },
  },
  /** Issues the first responder answered and handed over in a period (organisation-wide reports). */
  report: {
    method: 'GET',
    path: '/reports/first-responder',
    tag,
    query: FirstResponderReportQuerySchema,
    responses: { 200: FirstResponderReportSchema },
    access: { resource: 'dashboard', action: 'view', scopes: ['all'] },
  },
});
