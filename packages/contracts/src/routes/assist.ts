import {
  AssistFeaturesSchema,
  AssistStreamLineSchema,
  RewriteRequestSchema,
  SuggestedTagsSchema,
  SummaryRequestSchema,
  SummarySchema,
  TranslateRequestSchema,
  TranslationSchema,
} from '../assist';
import { defineRoutes } from './route';
import { IssueIdParams } from './params';

const tag = 'assist';
const viewIssues = { resource: 'issue', action: 'view' } as const;
const updateIssues = { resource: 'issue', action: 'update' } as const;

export const assistRoutes = defineRoutes({
  /** The assist actions the organisation offers (the composer shows only these). */
  features: {
    method: 'GET',
    path: '/assist/features',
    tag,
    responses: { 200: AssistFeaturesSchema },
    access: viewIssues,
  },
  /** A reply to the customer, streamed: from the conversation, canned responses and articles. */
  suggest: {
    method: 'POST',
    path: '/issues/:id/assist/suggest',
    tag,
    params: IssueIdParams,
    responses: { 200: AssistStreamLineSchema },
    stream: true,
    access: updateIssues,
  },
  /** The agent's draft rewritten (more polite, shorter, friendlier), streamed. */
  rewrite: {
    method: 'POST',
    path: '/issues/:id/assist/rewrite',
    tag,
    params: IssueIdParams,
    body: RewriteRequestSchema,
    responses: { 200: AssistStreamLineSchema },
    stream: true,
    access: updateIssues,
  },
  translate: {
    method: 'POST',
    path: '/issues/:id/assist/translate',
    tag,
    params: IssueIdParams,
    body: TranslateRequestSchema,
    responses: { 200: TranslationSchema },
    access: viewIssues,
  },
  summary: {
    method: 'POST',
    path: '/issues/:id/assist/summary',
    tag,
    params: IssueIdParams,
    body: SummaryRequestSchema,
    responses: { 200: SummarySchema },
    access: viewIssues,
  },
  /** Tags of the organisation's list that fit the conversation (the agent applies them). */
  tags: {
    method: 'POST',
    path: '/issues/:id/assist/tags',
    tag,
    params: IssueIdParams,
    responses: { 200: SuggestedTagsSchema },
    access: updateIssues,
  },
});
