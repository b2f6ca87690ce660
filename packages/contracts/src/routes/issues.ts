import {
  AssignIssueSchema,
  AssignableTeamsSchema,
  ChatMembersSchema,
  IssueDetailSchema,
  IssueFilterOptionsSchema,
  IssueFilterSchema,
  IssueActivityTrailSchema,
  IssueHistorySchema,
  IssueListQuerySchema,
  IssuePageSchema,
  StatusCountsSchema,
  TransferIssueSchema,
  UpdateIssueSchema,
} from '../issues';
import { defineRoutes } from './route';
import { IssueIdParams } from './params';

const tag = 'issues';
const view = { resource: 'issue', action: 'view' } as const;
const update = { resource: 'issue', action: 'update' } as const;
// Giving an issue to someone is a lead's job: staff (scope myIssue) only work on their own issues.
const assign = { resource: 'issue', action: 'update', scopes: ['all', 'myTeam'] } as const;
// Taking an issue for oneself needs update at any scope (staff's myIssue is enough: it becomes theirs); which
// issues may be taken is what the view scope shows (domain `checkTake`, docs/decisions/inbox-and-issues.md "Staff pick up work").
const take = update;

export const issueRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/issues',
    tag,
    query: IssueListQuerySchema,
    responses: { 200: IssuePageSchema },
    access: view,
  },
  statusCounts: {
    method: 'GET',
    path: '/issues/status-counts',
    tag,
    query: IssueFilterSchema,
    responses: { 200: StatusCountsSchema },
    access: view,
  },
  filterOptions: {
    method: 'GET',
    path: '/issues/filter-options',
    tag,
    responses: { 200: IssueFilterOptionsSchema },
    access: view,
  },
  assignableTeams: {
    method: 'GET',
    path: '/issues/assignable-teams',
    tag,
    responses: { 200: AssignableTeamsSchema },
    access: update,
  },
  get: {
    method: 'GET',
    path: '/issues/:id',
    tag,
    params: IssueIdParams,
    responses: { 200: IssueDetailSchema },
    access: view,
  },
  /** The issue's activity trail, oldest first (at most the latest 500 entries). */
  activity: {
    method: 'GET',
    path: '/issues/:id/activity',
    tag,
    params: IssueIdParams,
    responses: { 200: IssueActivityTrailSchema },
    access: view,
  },
  /** The members seen in a LINE group or room issue's chat (empty for other issues). */
  chatMembers: {
    method: 'GET',
    path: '/issues/:id/chat-members',
    tag,
    params: IssueIdParams,
    responses: { 200: ChatMembersSchema },
    access: view,
  },
  history: {
    method: 'GET',
    path: '/issues/:id/history',
    tag,
    params: IssueIdParams,
    responses: { 200: IssueHistorySchema },
    access: view,
  },
  update: {
    method: 'PATCH',
    path: '/issues/:id',
    tag,
    params: IssueIdParams,
    body: UpdateIssueSchema,
    responses: { 200: IssueDetailSchema },
    access: update,
  },
  assign: {
    method: 'PUT',
    path: '/issues/:id/assignee',
    tag,
    params: IssueIdParams,
    body: AssignIssueSchema,
    responses: { 200: IssueDetailSchema },
    access: assign,
  },
  /** Assigns the caller: the issue must be un-assigned, in one of their teams, and shown by their view scope. */
  take: {
    method: 'POST',
    path: '/issues/:id/take',
    tag,
    params: IssueIdParams,
    responses: { 200: IssueDetailSchema },
    access: take,
  },
  /** Takes the oldest un-assigned issue the caller may take (the auto-assignment's queue order). */
  takeNext: {
    method: 'POST',
    path: '/issues/take-next',
    tag,
    responses: { 200: IssueDetailSchema },
    access: take,
  },
  transfer: {
    method: 'POST',
    path: '/issues/:id/transfer',
    tag,
    params: IssueIdParams,
    body: TransferIssueSchema,
    responses: { 201: IssueDetailSchema },
    access: update,
  },
  requestClose: {
    method: 'POST',
    path: '/issues/:id/request-close',
    tag,
    params: IssueIdParams,
    responses: { 200: IssueDetailSchema },
    access: update,
  },
  markRead: {
    method: 'POST',
    path: '/issues/:id/read',
    tag,
    params: IssueIdParams,
    responses: {},
    access: view,
  },
  // Anyone who may see an issue may mute it for themselves.
  mute: {
    method: 'PUT',
    path: '/issues/:id/mute',
    tag,
    params: IssueIdParams,
    responses: {},
    access: view,
  },
  unmute: {
    method: 'DELETE',
    path: '/issues/:id/mute',
    tag,
    params: IssueIdParams,
    responses: {},
    access: view,
  },
});
