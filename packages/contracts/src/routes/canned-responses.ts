import {
  CannedCategoryListQuerySchema,
  CannedCategoryPageSchema,
  CannedCategorySchema,
  CannedResponseListQuerySchema,
  CannedResponsePageSchema,
  CannedResponseSchema,
  SaveCannedCategorySchema,
  SaveCannedResponseSchema,
} from '../canned-responses';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'canned-responses';
// /setting/canned-response: scope all or myCanned.
const can = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ resource: 'canned_response', action, scopes: ['all', 'myCanned'] }) as const;

export const cannedResponseRoutes = defineRoutes({
  categories: {
    method: 'GET',
    path: '/canned-categories',
    tag,
    query: CannedCategoryListQuerySchema,
    responses: { 200: CannedCategoryPageSchema },
    access: can('view'),
  },
  createCategory: {
    method: 'POST',
    path: '/canned-categories',
    tag,
    body: SaveCannedCategorySchema,
    responses: { 201: CannedCategorySchema },
    access: can('create'),
    audit: { area: 'canned_response' },
  },
  updateCategory: {
    method: 'PUT',
    path: '/canned-categories/:id',
    tag,
    params: UuidParams,
    body: SaveCannedCategorySchema,
    responses: { 200: CannedCategorySchema },
    access: can('update'),
    audit: { area: 'canned_response' },
  },
  deleteCategory: {
    method: 'DELETE',
    path: '/canned-categories/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: can('delete'),
    audit: { area: 'canned_response' },
  },
  list: {
    method: 'GET',
    path: '/canned-responses',
    tag,
    query: CannedResponseListQuerySchema,
    responses: { 200: CannedResponsePageSchema },
    access: can('view'),
  },
  get: {
    method: 'GET',
    path: '/canned-responses/:id',
    tag,
    params: UuidParams,
    responses: { 200: CannedResponseSchema },
    access: can('view'),
  },
  create: {
    method: 'POST',
    path: '/canned-responses',
    tag,
    body: SaveCannedResponseSchema,
    responses: { 201: CannedResponseSchema },
    access: can('create'),
    audit: { area: 'canned_response' },
  },
  update: {
    method: 'PUT',
    path: '/canned-responses/:id',
    tag,
    params: UuidParams,
    body: SaveCannedResponseSchema,
    responses: { 200: CannedResponseSchema },
    access: can('update'),
    audit: { area: 'canned_response' },
  },
  delete: {
    method: 'DELETE',
    path: '/canned-responses/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: can('delete'),
    audit: { area: 'canned_response' },
  },
});
