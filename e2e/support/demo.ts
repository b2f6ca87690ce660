// The seeded demo data (apps/server seed) and what each role should see.
export const DEMO_PASSWORD = 'Sabai2026demo';

export type DemoRole = 'SuperAdmin' | 'Admin' | 'Manager' | 'Staff';

export type DemoUser = { email: string; role: DemoRole };

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'superadmin@demo.local', role: 'SuperAdmin' },
  { email: 'admin@demo.local', role: 'Admin' },
  { email: 'manager@demo.local', role: 'Manager' },
  { email: 'staff@demo.local', role: 'Staff' },
];

export const ORGANISATIONS = ['Sabai Demo', 'Second Shop'] as const;

/** Where a role lands after signing in: the dashboard, or the inbox for staff (/mobile on a phone). */
export function landingPath(role: DemoRole, viewport: 'desktop' | 'phone'): string {
  const desktop = role === 'Staff' ? '/issue/inbox/' : '/dashboard';
  return viewport === 'phone' ? `/mobile${desktop}` : desktop;
}

/** Each menu entry's label in English and Thai. */
const LABELS = {
  dashboard: ['Dashboard', 'แดชบอร์ด'],
  inbox: ['Inbox', 'กล่องข้อความ'],
  kanban: ['Kanban', 'คัมบัง'],
  contacts: ['Contacts', 'รายชื่อลูกค้า'],
  channelReport: ['Channel performance', 'ประสิทธิภาพช่องทาง'],
  teamReport: ['Team performance', 'ประสิทธิภาพทีม'],
  agentReport: ['Agent performance', 'ประสิทธิภาพเจ้าหน้าที่'],
  csatReport: ['Customer satisfaction', 'ความพึงพอใจของลูกค้า'],
  teams: ['Teams', 'ทีม'],
  users: ['Users', 'ผู้ใช้'],
  channels: ['Channels', 'ช่องทาง'],
  autoAssignment: ['Auto assignment', 'มอบหมายเคสอัตโนมัติ'],
  canned: ['Canned responses', 'ข้อความสำเร็จรูป'],
  tags: ['Tags', 'แท็ก'],
  slaPolicies: ['Service levels (SLA)', 'ระดับการให้บริการ (SLA)'],
  automationRules: ['Automation rules', 'กฎอัตโนมัติ'],
  auditLog: ['Audit log', 'บันทึกการตรวจสอบ'],
  apiTokens: ['API tokens', 'API โทเคน'],
  webhooks: ['Webhooks', 'เว็บฮุก'],
  knowledgeBase: ['Knowledge base', 'คลังความรู้'],
  aiAssist: ['AI assist', 'ผู้ช่วย AI'],
} as const;
type Entry = keyof typeof LABELS;
type Menu = { en: string[]; th: string[] };
const menuOf = (entries: Entry[]): Menu => ({
  en: entries.map((e) => LABELS[e][0]),
  th: entries.map((e) => LABELS[e][1]),
});

const EVERY_SCREEN = Object.keys(LABELS) as Entry[];

/**
 * Desktop menu entries each role must see: the built screens that the default role matrix lets them view
 * (docs/decisions/accounts-and-permissions.md "Permissions": Staff has no dashboard view; channel settings need `channel` view scope
 * all, and so do the service levels, the automation rules, the knowledge base and AI assist; the audit log, API
 * tokens and webhooks need `user` update scope all; the satisfaction report,
 * like the agent report, agent performance view all or myTeam).
 */
export const EXPECTED_MENU: Record<DemoRole, Menu> = {
  SuperAdmin: menuOf(EVERY_SCREEN),
  Admin: menuOf(EVERY_SCREEN),
  // Managers set the auto-assignment of their own team (scope myTeam).
  Manager: menuOf([
    'dashboard',
    'inbox',
    'kanban',
    'contacts',
    'teamReport',
    'agentReport',
    'csatReport',
    'teams',
    'autoAssignment',
    'canned',
  ]),
  // Staff manage their own canned responses (scope myCanned).
  Staff: menuOf(['inbox', 'kanban', 'contacts', 'canned']),
};

/** The phone drawer's entries: Dashboard, Issues and Reports only (settings are desktop only). */
export const EXPECTED_DRAWER: Record<DemoRole, Menu> = {
  SuperAdmin: menuOf(['dashboard', 'inbox', 'channelReport', 'teamReport', 'agentReport', 'csatReport']),
  Admin: menuOf(['dashboard', 'inbox', 'channelReport', 'teamReport', 'agentReport', 'csatReport']),
  Manager: menuOf(['dashboard', 'inbox', 'teamReport', 'agentReport', 'csatReport']),
  Staff: menuOf(['inbox']),
};

/** The role as the header shows it. */
export const ROLE_TEXT: Record<DemoRole, { en: string; th: string }> = {
  SuperAdmin: { en: 'Super admin', th: 'ผู้ดูแลระบบสูงสุด' },
  Admin: { en: 'Admin', th: 'ผู้ดูแลระบบ' },
  Manager: { en: 'Manager', th: 'ผู้จัดการ' },
  Staff: { en: 'Staff', th: 'พนักงาน' },
};
