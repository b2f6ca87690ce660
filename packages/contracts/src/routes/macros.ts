import {
  BulkActionSchema,
  BulkResultSchema,
  MacroListSchema,
  MacroSchema,
  RunMacroSchema,
  SaveMacroSchema,
} from '../automation';
import { defineRoutes } from './route';
import { UuidParams } from './params';

const tag = 'macros';
// Macros are kept like canned responses (scope all: everyone's and shared ones; myCanned: one's own, and
// the shared ones to run). Running one, or a bulk action, changes issues: the issue update permission, each
// issue inside the caller's scope.
const canned = (action: 'view' | 'create' | 'update' | 'delete') =>
  ({ resource: 'canned_response', action }) as const;
const issueUpdate = { resource: 'issue', action: 'update' } as const;

export const macroRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/macros',
    tag,
    responses: { 200: MacroListSchema },
    access: canned('view'),
  },
  create: {
    method: 'POST',
    path: '/macros',
    tag,
    body: SaveMacroSchema,
    responses: { 201: MacroSchema },
    access: canned('create'),
    audit: { area: 'macro' },
  },
  update: {
    method: 'PUT',
    path: '/macros/:id',
    tag,
    params: UuidParams,
    body: SaveMacroSchema,
    responses: { 200: MacroSchema },
    access: canned('update'),
    audit: { area: 'macro' },
  },
  delete: {
    method: 'DELETE',
    path: '/macros/:id',
    tag,
    params: UuidParams,
    responses: {},
    access: canned('delete'),
    audit: { area: 'macro' },
  },
  run: {
    method: 'POST',
    path: '/macros/:id/run',
    tag,
    params: UuidParams,
    body: RunMacroSchema,
    responses: { 200: BulkResultSchema },
    access: issueUpdate,
  },
  bulk: {
    method: 'POST',
    path: '/issues/bulk',
    tag,
    body: BulkActionSchema,
    responses: { 200: BulkResultSchema },
    access: issueUpdate,
  },
});
