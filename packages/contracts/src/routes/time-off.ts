import {
  AvailabilitySchema,
  RequestTimeOffSchema,
  SetAvailabilitySchema,
  TimeOffListQuerySchema,
  TimeOffPageSchema,
  TimeOffRequestSchema,
} from '../teams';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'availability';
const signedIn = { signedIn: true } as const;
// Deciding leave is managing a team: scope all, or myTeam for the manager of the requester's team.
const can = (action: 'view' | 'update') => ({ resource: 'team', action, scopes: ['all', 'myTeam'] }) as const;

export const timeOffRoutes = defineRoutes({
  getAvailability: {
    method: 'GET',
    path: '/me/availability',
    tag,
    responses: { 200: AvailabilitySchema },
    access: signedIn,
  },
  setAvailability: {
    method: 'PUT',
    path: '/me/availability',
    tag,
    body: SetAvailabilitySchema,
    responses: { 200: AvailabilitySchema },
    access: signedIn,
  },
  request: {
    method: 'POST',
    path: '/me/time-off',
    tag,
    body: RequestTimeOffSchema,
    responses: { 201: TimeOffRequestSchema },
    access: signedIn,
  },
  mine: {
    method: 'GET',
    path: '/me/time-off',
    tag,
    query: TimeOffListQuerySchema,
    responses: { 200: TimeOffPageSchema },
    access: signedIn,
  },
  withdraw: {
    method: 'DELETE',
    path: '/me/time-off/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: signedIn,
  },
  list: {
    method: 'GET',
    path: '/time-off-requests',
    tag,
    query: TimeOffListQuerySchema,
    responses: { 200: TimeOffPageSchema },
    access: can('view'),
  },
  approve: {
    method: 'POST',
    path: '/time-off-requests/:id/approve',
    tag,
    params: UuidParams,
    responses: { 200: TimeOffRequestSchema },
    access: can('update'),
    audit: { area: 'time_off', action: 'approve' },
  },
  decline: {
    method: 'POST',
    path: '/time-off-requests/:id/decline',
    tag,
    params: UuidParams,
    responses: { 200: TimeOffRequestSchema },
    access: can('update'),
    audit: { area: 'time_off', action: 'decline' },
  },
});
