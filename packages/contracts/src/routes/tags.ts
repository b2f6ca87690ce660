import { z } from 'zod';
import {
  SaveTagSchema,
  SetIssueTagsSchema,
  TagListQuerySchema,
  TagOptionListSchema,
  TagPageSchema,
  TagSchema,
} from '../tags';
import { defineRoutes } from './route';
import { IssueIdParams, UuidParams } from './params';

const tag = 'tags';
// /setting/tag: scope all. Tagging an issue is an `issue` update in the caller's issue scope.
const can = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ resource: 'tag', action, scopes: ['all'] }) as const;

export const tagRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/tags',
    tag,
    query: TagListQuerySchema,
    responses: { 200: TagPageSchema },
    access: can('view'),
  },
  options: {
    method: 'GET',
    path: '/tags/options',
    tag,
    query: z.object({ teamId: z.uuid().optional() }),
    responses: { 200: TagOptionListSchema },
    access: { resource: 'issue', action: 'view' },
  },
  get: {
    method: 'GET',
    path: '/tags/:id',
    tag,
    params: UuidParams,
    responses: { 200: TagSchema },
    access: can('view'),
  },
  create: {
    method: 'POST',
    path: '/tags',
    tag,
    body: SaveTagSchema,
    responses: { 201: TagSchema },
    access: can('create'),
    audit: { area: 'tag' },
  },
  update: {
    method: 'PUT',
    path: '/tags/:id',
    tag,
    params: UuidParams,
    body: SaveTagSchema,
    responses: { 200: TagSchema },
    access: can('update'),
    audit: { area: 'tag' },
  },
  delete: {
    method: 'DELETE',
    path: '/tags/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: can('delete'),
    audit: { area: 'tag' },
  },
  ofIssue: {
    method: 'GET',
    path: '/issues/:id/tags',
    tag,
    params: IssueIdParams,
    responses: { 200: TagOptionListSchema },
    access: { resource: 'issue', action: 'view' },
  },
  setOfIssue: {
    method: 'PUT',
    path: '/issues/:id/tags',
    tag,
    params: IssueIdParams,
    body: SetIssueTagsSchema,
    responses: { 200: TagOptionListSchema },
    access: { resource: 'issue', action: 'update' },
  },
});
