// The signed-in screens that exist, in menu order. A screen is listed only once it is built (no
// placeholders); whether a user sees it is decided by packages/domain's canViewRoute.
import {
  ApartmentOutlined,
  ApiOutlined,
  ContactsOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FundOutlined,
  LineChartOutlined,
  InboxOutlined,
  ProjectOutlined,
  MessageOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { canViewRoute } from '@sabai/domain';
import type { RoleEntry } from '@sabai/domain';
import type { ScreenLink } from '../lib/shell-context';

export type Screen = ScreenLink & {
  /** Whether the mobile drawer lists it (spec §2: Dashboard, Issues, Reports). */
  isOnMobile: boolean;
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
];

/** The built screens these permissions may open. */
export function allowedScreens(permissions: readonly RoleEntry[]): Screen[] {
  return SCREENS.filter((screen) => canViewRoute(permissions, screen.path));
}
