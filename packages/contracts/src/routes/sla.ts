import { SaveSlaPolicySchema, SlaPolicyListSchema, SlaPolicySchema } from '../sla';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'sla';
// Service levels are organisation settings, held like the organisation settings screen's (channel scope all:
// Admins and SuperAdmins by default).
const can = (action: 'view' | 'update') => ({ resource: 'channel', action, scopes: ['all'] }) as const;

export const slaRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/sla-policies',
    tag,
    responses: { 200: SlaPolicyListSchema },
    access: can('view'),
  },
  create: {
    method: 'POST',
    path: '/sla-policies',
    tag,
    body: SaveSlaPolicySchema,
    responses: { 201: SlaPolicySchema },
    access: can('update'),
    audit: { area: 'sla' },
  },
  update: {
    method: 'PUT',
    path: '/sla-policies/:id',
    tag,
    params: UuidParams,
    body: SaveSlaPolicySchema,
    responses: { 200: SlaPolicySchema },
    access: can('update'),
    audit: { area: 'sla' },
  },
  delete: {
    method: 'DELETE',
    path: '/sla-policies/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: can('update'),
    audit: { area: 'sla' },
  },
});
