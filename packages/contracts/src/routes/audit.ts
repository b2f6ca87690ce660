import { AuditExportQuerySchema, AuditPageSchema, AuditQuerySchema, AuditSettingsSchema } from '../audit';
import { defineRoutes } from './route';

const tag = 'audit';
// The organisation's administrators: whoever may manage every user (the roles screen's permission).
const admin = { resource: 'user', action: 'update', scopes: ['all'] } as const;

export const auditRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/audit-log',
    tag,
    query: AuditQuerySchema,
    responses: { 200: AuditPageSchema },
    access: admin,
  },
  export: {
    method: 'GET',
    path: '/audit-log/export',
    tag,
    query: AuditExportQuerySchema,
    responses: {},
    file: true,
    access: admin,
    audit: { area: 'export', action: 'export' },
  },
  settings: {
    method: 'GET',
    path: '/audit-log/settings',
    tag,
    responses: { 200: AuditSettingsSchema },
    access: admin,
  },
  saveSettings: {
    method: 'PUT',
    path: '/audit-log/settings',
    tag,
    body: AuditSettingsSchema,
    responses: { 200: AuditSettingsSchema },
    access: admin,
    audit: { area: 'audit' },
  },
});
