import { OrganizationSettingsSchema } from '../organizations';
import { defineRoutes } from './route';

const tag = 'organization';
// The settings are shown on the channel settings screen, since they rule what the channels send to
// customers: the channel admins' permission (scope all) reads and changes them.
const can = (action: 'view' | 'update') => ({ resource: 'channel', action, scopes: ['all'] }) as const;

export const organizationSettingRoutes = defineRoutes({
  get: {
    method: 'GET',
    path: '/organization/settings',
    tag,
    responses: { 200: OrganizationSettingsSchema },
    access: can('view'),
  },
  update: {
    method: 'PUT',
    path: '/organization/settings',
    tag,
    body: OrganizationSettingsSchema,
    responses: { 200: OrganizationSettingsSchema },
    access: can('update'),
    audit: { area: 'organization' },
  },
});
