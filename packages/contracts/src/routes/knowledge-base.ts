import { z } from 'zod';
import {
  KbArticleListQuerySchema,
  KbArticlePageSchema,
  KbArticleSchema,
  KbImportResultSchema,
  KbSearchQuerySchema,
  KbSearchResultSchema,
  SaveKbArticleSchema,
} from '../knowledge-base';
import { defineRoutes } from './route';

const tag = 'knowledge-base';
// Articles are organisation settings, written like the service levels and automation rules (channel scope
// all: Admins and SuperAdmins by default); published ones are searched by anyone who may view issues
// (docs/decisions/ai.md "Knowledge base").
const can = (action: 'view' | 'update') => ({ resource: 'channel', action, scopes: ['all'] }) as const;
const ArticleIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const knowledgeBaseRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/knowledge-base/articles',
    tag,
    query: KbArticleListQuerySchema,
    responses: { 200: KbArticlePageSchema },
    access: can('view'),
  },
  get: {
    method: 'GET',
    path: '/knowledge-base/articles/:id',
    tag,
    params: ArticleIdParams,
    responses: { 200: KbArticleSchema },
    access: can('view'),
  },
  create: {
    method: 'POST',
    path: '/knowledge-base/articles',
    tag,
    body: SaveKbArticleSchema,
    responses: { 201: KbArticleSchema },
    access: can('update'),
    audit: { area: 'knowledge_base' },
  },
  update: {
    method: 'PUT',
    path: '/knowledge-base/articles/:id',
    tag,
    params: ArticleIdParams,
    body: SaveKbArticleSchema,
    responses: { 200: KbArticleSchema },
    access: can('update'),
    audit: { area: 'knowledge_base' },
  },
  delete: {
    method: 'DELETE',
    path: '/knowledge-base/articles/:id',
    tag,
    params: ArticleIdParams,
    responses: {},
    access: can('update'),
    audit: { area: 'knowledge_base' },
  },
  // The import dialog's preview: the same checks, nothing stored (a POST that only reads, like a rule's test).
  previewImport: {
    method: 'POST',
    path: '/knowledge-base/import/preview',
    tag,
    multipart: true,
    responses: { 200: KbImportResultSchema },
    access: can('view'),
  },
  import: {
    method: 'POST',
    path: '/knowledge-base/import',
    tag,
    multipart: true,
    responses: { 200: KbImportResultSchema },
    access: can('update'),
    audit: { area: 'knowledge_base', action: 'import' },
  },
  search: {
    method: 'GET',
    path: '/knowledge-base/search',
    tag,
    query: KbSearchQuerySchema,
    responses: { 200: KbSearchResultSchema },
    access: { resource: 'issue', action: 'view' },
  },
});
