// The signed-in screens that exist, in menu order. A screen is listed only once it is built (no
// placeholders); whether a user sees it is decided by packages/domain's canViewRoute, and for a screen
// that needs more than a view scope by its `access` here.
import {
  ApartmentOutlined,
  BookOutlined,
  ApiOutlined,
  RobotOutlined,
  SendOutlined,
  AuditOutlined,
  ContactsOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FieldTimeOutlined,
  FundOutlined,
  LineChartOutlined,
  SmileOutlined,
  InboxOutlined,
  KeyOutlined,
  ProjectOutlined,
  MessageOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { canViewRoute, isAllowed, toDesktopPath } from '@sabai/domain';
import type { Action, Resource, RoleEntry, Scope } from '@sabai/domain';
import type { ScreenLink } from '../lib/shell-context';

/** A permission a screen needs beyond packages/domain's view scopes (the API route's own access). */
type ScreenAccess = { resource: Resource; action: Action; scopes: readonly Scope[] };

export type Screen = ScreenLink & {
  /** Whether the mobile drawer lists it (Dashboard, Issues, Reports). */
  isOnMobile: boolean;
  /**
   * Needed besides canViewRoute's view scope: the audit log is for whoever may update every user, as
   * routes.audit requires; packages/domain's ROUTE_PERMISSIONS knows view scopes only (and has no entry
   * for the satisfaction report, which takes the agent performance report's view, nor for the service
   * levels and the automation rules, which take the channel view scope all).
   */
  access?: ScreenAccess;
};

export const SCREENS: readonly Screen[] = [
  {
    key: 'dashboard',
    path: '/dashboard',
    labelKey: 'nav.dashboard',
    icon: DashboardOutlined,
    isOnMobile: true,
  },
  {
    key: 'inbox',
    path: '/issue/inbox',
    labelKey: 'nav.inbox',
    icon: InboxOutlined,
    isOnMobile: true,
  },
  {
    key: 'kanban',
    path: '/issue/kanban',
    labelKey: 'nav.kanban',
    icon: ProjectOutlined,
    isOnMobile: false,
  },
  {
    key: 'contacts',
    path: '/contacts',
    labelKey: 'nav.contacts',
    icon: ContactsOutlined,
    isOnMobile: false,
  },
  {
    key: 'channel-performance',
    path: '/report/channel-performance',
    labelKey: 'nav.channelPerformance',
    icon: BarChartOutlined,
    isOnMobile: true,
  },
  {
    key: 'team-performance',
    path: '/report/team-performance',
    labelKey: 'nav.teamPerformance',
    icon: FundOutlined,
    isOnMobile: true,
  },
  {
    key: 'agent-performance',
    path: '/report/agent-performance',
    labelKey: 'nav.agentPerformance',
    icon: LineChartOutlined,
    isOnMobile: true,
  },
  {
    key: 'csat',
    path: '/report/csat',
    labelKey: 'nav.csatReport',
    icon: SmileOutlined,
    isOnMobile: true,
    // The ratings name agents: the agent performance report's permission, as routes.csat.report requires.
    access: { resource: 'agent_performance', action: 'view', scopes: ['all', 'myTeam'] },
  },
  {
    key: 'teams',
    path: '/setting/team',
    labelKey: 'nav.teams',
    icon: TeamOutlined,
    isOnMobile: false,
  },
  {
    key: 'users',
    path: '/setting/user',
    labelKey: 'nav.users',
    icon: UserOutlined,
    isOnMobile: false,
  },
  {
    key: 'channels',
    path: '/setting/channel',
    labelKey: 'nav.channels',
    icon: ApiOutlined,
    isOnMobile: false,
  },
  {
    key: 'auto-assignment',
    path: '/setting/auto-assignment',
    labelKey: 'nav.autoAssignment',
    icon: ApartmentOutlined,
    isOnMobile: false,
  },
  {
    key: 'canned-responses',
    path: '/setting/canned-response',
    labelKey: 'nav.cannedResponses',
    icon: MessageOutlined,
    isOnMobile: false,
  },
  {
    key: 'tags',
    path: '/setting/tag',
    labelKey: 'nav.tags',
    icon: TagsOutlined,
    isOnMobile: false,
  },
  {
    key: 'sla',
    path: '/setting/sla',
    labelKey: 'nav.slaPolicies',
    icon: FieldTimeOutlined,
    isOnMobile: false,
    // Organisation settings, as routes.sla requires: the channel scope all (Admin and SuperAdmin by default).
    access: { resource: 'channel', action: 'view', scopes: ['all'] },
  },
  {
    key: 'automation',
    path: '/setting/automation',
    labelKey: 'nav.automationRules',
    icon: ThunderboltOutlined,
    isOnMobile: false,
    // Organisation settings like the service levels, as routes.automation requires: the channel scope all.
    access: { resource: 'channel', action: 'view', scopes: ['all'] },
  },
  {
    key: 'audit-log',
    path: '/setting/audit-log',
    labelKey: 'nav.auditLog',
    icon: AuditOutlined,
    isOnMobile: false,
    access: { resource: 'user', action: 'update', scopes: ['all'] },
  },
  {
    key: 'api-tokens',
    path: '/setting/api-tokens',
    labelKey: 'nav.apiTokens',
    icon: KeyOutlined,
    isOnMobile: false,
    // The organisation's administrators, as routes.apiTokens requires (like the audit log).
    access: { resource: 'user', action: 'update', scopes: ['all'] },
  },
  {
    key: 'webhooks',
    path: '/setting/webhooks',
    labelKey: 'nav.webhooks',
    icon: SendOutlined,
    isOnMobile: false,
    // The organisation's administrators, as routes.outgoingWebhooks requires (like the audit log).
    access: { resource: 'user', action: 'update', scopes: ['all'] },
  },
  {
    key: 'knowledge-base',
    path: '/setting/knowledge-base',
    labelKey: 'nav.knowledgeBase',
    icon: BookOutlined,
    isOnMobile: false,
    // Organisation settings like the service levels, as routes.knowledgeBase requires: the channel scope all.
    access: { resource: 'channel', action: 'view', scopes: ['all'] },
  },
  {
    key: 'ai-assist',
    path: '/setting/ai',
    labelKey: 'nav.aiAssist',
    icon: RobotOutlined,
    isOnMobile: false,
    // Organisation settings like the service levels, as routes.ai requires: the channel scope all.
    access: { resource: 'channel', action: 'view', scopes: ['all'] },
  },
];

const isUnder = (pathname: string, path: string): boolean =>
  pathname === path || pathname.startsWith(`${path}/`);

/**
 * Whether the permissions may open a path (desktop or mobile, query ignored): its view scope
 * (canViewRoute) and, for a screen that declares one, its access.
 */
export function canOpenPath(permissions: readonly RoleEntry[], path: string): boolean {
  if (!canViewRoute(permissions, path)) return false;
  const pathname = toDesktopPath(path.split(/[?#]/)[0] ?? '');
  const screen = SCREENS.find((candidate) => candidate.access && isUnder(pathname, candidate.path));
  return (
    !screen?.access ||
    isAllowed(permissions, screen.access.resource, screen.access.action, screen.access.scopes)
  );
}

/** The built screens these permissions may open. */
export function allowedScreens(permissions: readonly RoleEntry[]): Screen[] {
  return SCREENS.filter((screen) => canOpenPath(permissions, screen.path));
}
