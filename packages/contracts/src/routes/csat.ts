import { CsatExportQuerySchema, CsatReportQuerySchema, CsatReportSchema, CsatSettingsSchema } from '../csat';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'csat';
// Ratings name the agent: read with the agent performance report's permission (managers: their teams).
const ratings = { resource: 'agent_performance', action: 'view', scopes: ['all', 'myTeam'] } as const;

export const csatRoutes = defineRoutes({
  /** A channel's survey settings (channel settings, scope all). */
  settings: {
    method: 'GET',
    path: '/channels/:id/csat',
    tag,
    params: UuidParams,
    responses: { 200: CsatSettingsSchema },
    access: { resource: 'channel', action: 'view', scopes: ['all'] },
  },
  saveSettings: {
    method: 'PUT',
    path: '/channels/:id/csat',
    tag,
    params: UuidParams,
    body: CsatSettingsSchema,
    responses: { 200: CsatSettingsSchema },
    access: { resource: 'channel', action: 'update', scopes: ['all'] },
    audit: { area: 'csat', action: 'update' },
  },
  report: {
    method: 'GET',
    path: '/reports/csat',
    tag,
    query: CsatReportQuerySchema,
    responses: { 200: CsatReportSchema },
    access: ratings,
  },
  export: {
    method: 'GET',
    path: '/reports/csat/export',
    tag,
    query: CsatExportQuerySchema,
    responses: {},
    file: true,
    access: ratings,
    audit: { area: 'export', action: 'export' },
  },
});
