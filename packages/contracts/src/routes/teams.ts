import { z } from 'zod';
import {
  MemberOptionListSchema,
  SaveTeamSchema,
  TeamListQuerySchema,
  TeamPageSchema,
  TeamSchema,
  TeamSummaryListSchema,
} from '../teams';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'teams';
// The `team` permission resource: scope all for every team, myTeam for the teams the caller manages or belongs to.
const can = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ resource: 'team', action, scopes: ['all', 'myTeam'] }) as const;

export const teamRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/teams',
    tag,
    query: TeamListQuerySchema,
    responses: { 200: TeamPageSchema },
    access: can('view'),
  },
  options: {
    method: 'GET',
    path: '/teams/options',
    tag,
    responses: { 200: TeamSummaryListSchema },
    access: can('view'),
  },
  // The manager and member pickers of the team form: whoever may edit a team may pick the organisation's users.
  memberOptions: {
    method: 'GET',
    path: '/teams/member-options',
    tag,
    query: z.object({ search: z.string().trim().max(100).optional() }),
    responses: { 200: MemberOptionListSchema },
    access: can('update'),
  },
  get: {
    method: 'GET',
    path: '/teams/:id',
    tag,
    params: UuidParams,
    responses: { 200: TeamSchema },
    access: can('view'),
  },
  create: {
    method: 'POST',
    path: '/teams',
    tag,
    body: SaveTeamSchema,
    responses: { 201: TeamSchema },
    access: { resource: 'team', action: 'create', scopes: ['all'] },
    audit: { area: 'team' },
  },
  update: {
    method: 'PUT',
    path: '/teams/:id',
    tag,
    params: UuidParams,
    body: SaveTeamSchema,
    responses: { 200: TeamSchema },
    access: can('update'),
    audit: { area: 'team' },
  },
  removeMember: {
    method: 'DELETE',
    path: '/teams/:id/members/:userId',
    tag,
    params: z.object({ id: z.uuid(), userId: z.uuid() }),
    responses: {},
    access: can('update'),
    audit: { area: 'team', action: 'remove_member' },
  },
  delete: {
    method: 'DELETE',
    path: '/teams/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: can('delete'),
    audit: { area: 'team' },
  },
});
