import {
  HandOverIssuesSchema,
  InviteUserSchema,
  ResendInvitationSchema,
  UpdateUserSchema,
  UserListQuerySchema,
  UserPageSchema,
  UserOpenIssuesSchema,
  UserSchema,
} from '../users';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'users';
// /setting/user: the `user` resource has scope all only (users are the organisation's).
const can = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ resource: 'user', action, scopes: ['all'] }) as const;

export const userRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/users',
    tag,
    query: UserListQuerySchema,
    responses: { 200: UserPageSchema },
    access: can('view'),
  },
  get: {
    method: 'GET',
    path: '/users/:id',
    tag,
    params: UuidParams,
    responses: { 200: UserSchema },
    access: can('view'),
  },
  create: {
    method: 'POST',
    path: '/users',
    tag,
    body: InviteUserSchema,
    responses: { 201: UserSchema },
    access: can('create'),
  },
  resendInvitation: {
    method: 'POST',
    path: '/users/:id/resend-invitation',
    tag,
    params: UuidParams,
    body: ResendInvitationSchema.nullish(),
    responses: {},
    access: can('create'),
  },
  update: {
    method: 'PUT',
    path: '/users/:id',
    tag,
    params: UuidParams,
    body: UpdateUserSchema,
    responses: { 200: UserSchema },
    access: can('update'),
  },
  updateImage: {
    method: 'PUT',
    path: '/users/:id/image',
    tag,
    params: UuidParams,
    multipart: true,
    responses: { 200: UserSchema },
    access: can('update'),
  },
  deactivate: {
    method: 'POST',
    path: '/users/:id/deactivate',
    tag,
    params: UuidParams,
    responses: { 200: UserSchema },
    access: can('update'),
  },
  activate: {
    method: 'POST',
    path: '/users/:id/activate',
    tag,
    params: UuidParams,
    responses: { 200: UserSchema },
    access: can('update'),
  },
  openIssues: {
    method: 'GET',
    path: '/users/:id/open-issues',
    tag,
    params: UuidParams,
    responses: { 200: UserOpenIssuesSchema },
    access: can('view'),
  },
  handOver: {
    method: 'POST',
    path: '/users/:id/hand-over',
    tag,
    params: UuidParams,
    body: HandOverIssuesSchema,
    responses: { 200: UserOpenIssuesSchema },
    access: can('delete'),
  },
  delete: {
    method: 'DELETE',
    path: '/users/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: can('delete'),
  },
});
