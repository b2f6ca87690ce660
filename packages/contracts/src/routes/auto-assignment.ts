import { z } from 'zod';
import {
  AutoAssignmentListQuerySchema,
  AutoAssignmentPageSchema,
  AutoAssignmentSchema,
  UpdateAutoAssignmentSchema,
} from '../assignment';
import { defineRoutes } from './route';

const tag = 'auto-assignment';
// /setting/auto-assignment needs scope all or myTeam.
const can = (action: 'view' | 'update') =>
  ({ resource: 'auto_assignment', action, scopes: ['all', 'myTeam'] }) as const;
const TeamParams = z.object({ teamId: z.uuid() });

export const autoAssignmentRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/auto-assignment',
    tag,
    query: AutoAssignmentListQuerySchema,
    responses: { 200: AutoAssignmentPageSchema },
    access: can('view'),
  },
  get: {
    method: 'GET',
    path: '/auto-assignment/:teamId',
    tag,
    params: TeamParams,
    responses: { 200: AutoAssignmentSchema },
    access: can('view'),
  },
  update: {
    method: 'PUT',
    path: '/auto-assignment/:teamId',
    tag,
    params: TeamParams,
    body: UpdateAutoAssignmentSchema,
    responses: { 200: AutoAssignmentSchema },
    access: can('update'),
    audit: { area: 'auto_assignment' },
  },
});
