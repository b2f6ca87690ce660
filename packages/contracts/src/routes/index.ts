import type { RouteDef } from './route';
import { authRoutes } from './auth';
import { meRoutes } from './me';
import { roleRoutes } from './roles';
import { messageRoutes } from './messages';
import { commentRoutes } from './comments';
import { channelRoutes } from './channels';
import { organizationSettingRoutes } from './organization-settings';
import { teamRoutes } from './teams';
import { issueRoutes } from './issues';
import { reportRoutes } from './reports';
import { contactRoutes } from './contacts';
import { timeOffRoutes } from './time-off';
import { userRoutes } from './users';
import { autoAssignmentRoutes } from './auto-assignment';
import { cannedResponseRoutes } from './canned-responses';
import { tagRoutes } from './tags';
import { notificationRoutes } from './notifications';
import { staffAlertRoutes } from './staff-alerts';
import { webPushRoutes } from './web-push';
import { auditRoutes } from './audit';
import { csatRoutes } from './csat';
import { slaRoutes } from './sla';
import { automationRoutes } from './automation';
import { macroRoutes } from './macros';
import { apiTokenRoutes } from './api-tokens';
import { outgoingWebhookRoutes } from './outgoing-webhooks';
import { knowledgeBaseRoutes } from './knowledge-base';
import { aiRoutes } from './ai';
import { assistRoutes } from './assist';
import { firstResponderRoutes } from './first-responder';

export * from './route';
export type { RequestOf, ResponseOf, Wire } from './call';
export { IssueIdParams, UuidParams } from './params';
export { performanceReportRoutes } from './reports';

/**
 * Every route of the API under /api/v1, by module. The server refuses to start while a route here has no
 * handler or a handler is registered outside this map (apps/server http/route-map-check.ts).
 */
export const routes = {
  auth: authRoutes,
  me: meRoutes,
  roles: roleRoutes,
  messages: messageRoutes,
  comments: commentRoutes,
  channels: channelRoutes,
  organizationSettings: organizationSettingRoutes,
  teams: teamRoutes,
  issues: issueRoutes,
  reports: reportRoutes,
  contacts: contactRoutes,
  timeOff: timeOffRoutes,
  users: userRoutes,
  autoAssignment: autoAssignmentRoutes,
  cannedResponses: cannedResponseRoutes,
  tags: tagRoutes,
  notifications: notificationRoutes,
  staffAlerts: staffAlertRoutes,
  webPush: webPushRoutes,
  audit: auditRoutes,
  csat: csatRoutes,
  sla: slaRoutes,
  automation: automationRoutes,
  macros: macroRoutes,
  apiTokens: apiTokenRoutes,
  outgoingWebhooks: outgoingWebhookRoutes,
  knowledgeBase: knowledgeBaseRoutes,
  ai: aiRoutes,
  assist: assistRoutes,
  firstResponder: firstResponderRoutes,
} as const;

/** Every route of the map, flat (the server's start-up check walks it). */
export const allRoutes: readonly RouteDef[] = Object.values(routes).flatMap((module) =>
  Object.values<RouteDef>(module),
);
