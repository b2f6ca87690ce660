// The seeded demo data (apps/server seed) and what the spec says each role should see.
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

/** Spec §2 landing after sign-in. */
export function landingPath(role: DemoRole, viewport: 'desktop' | 'phone'): string {
  const desktop = role === 'Staff' ? '/issue/inbox/' : '/dashboard';
  return viewport === 'phone' ? `/mobile${desktop}` : desktop;
}

/**
 * Desktop menu entries each role must see: the built screens that the default role matrix lets them view
 * (architecture.md: Staff has no dashboard view; channel settings need `channel` view scope all). Grows as
 * screens ship.
 */
export const EXPECTED_MENU: Record<DemoRole, { en: string[]; th: string[] }> = {
  SuperAdmin: {
    en: [
      'Dashboard',
      'Inbox',
      'Kanban',
      'Contacts',
      'Channel performance',
      'Team performance',
      'Agent performance',
      'Teams',
      'Users',
      'Channels',
      'Auto assignment',
      'Canned responses',
      'Tags',
    ],
    th: [
      'แดชบอร์ด',
      'กล่องข้อความ',
      'คัมบัง',
      'รายชื่อลูกค้า',
      'ประสิทธิภาพช่องทาง',
      'ประสิทธิภาพทีม',
      'ประสิทธิภาพเจ้าหน้าที่',
      'ทีม',
      'ผู้ใช้',
      'ช่องทาง',
      'มอบหมายเคสอัตโนมัติ',
      'ข้อความสำเร็จรูป',
      'แท็ก',
    ],
  },
  Admin: {
    en: [
      'Dashboard',
      'Inbox',
      'Kanban',
      'Contacts',
      'Channel performance',
      'Team performance',
      'Agent performance',
      'Teams',
      'Users',
      'Channels',
      'Auto assignment',
      'Canned responses',
      'Tags',
    ],
    th: [
      'แดชบอร์ด',
      'กล่องข้อความ',
      'คัมบัง',
      'รายชื่อลูกค้า',
      'ประสิทธิภาพช่องทาง',
      'ประสิทธิภาพทีม',
      'ประสิทธิภาพเจ้าหน้าที่',
      'ทีม',
      'ผู้ใช้',
      'ช่องทาง',
      'มอบหมายเคสอัตโนมัติ',
      'ข้อความสำเร็จรูป',
      'แท็ก',
    ],
  },
  // Managers set the auto-assignment of their own team (scope myTeam).
  Manager: {
    en: [
      'Dashboard',
      'Inbox',
      'Kanban',
      'Contacts',
      'Team performance',
      'Agent performance',
      'Teams',
      'Auto assignment',
      'Canned responses',
    ],
    th: [
      'แดชบอร์ด',
      'กล่องข้อความ',
      'คัมบัง',
      'รายชื่อลูกค้า',
      'ประสิทธิภาพทีม',
      'ประสิทธิภาพเจ้าหน้าที่',
      'ทีม',
      'มอบหมายเคสอัตโนมัติ',
      'ข้อความสำเร็จรูป',
    ],
  },
  // Staff manage their own canned responses (scope myCanned).
  Staff: {
    en: ['Inbox', 'Kanban', 'Contacts', 'Canned responses'],
    th: ['กล่องข้อความ', 'คัมบัง', 'รายชื่อลูกค้า', 'ข้อความสำเร็จรูป'],
  },
};

const ALL_REPORTS_EN = ['Dashboard', 'Inbox', 'Channel performance', 'Team performance', 'Agent performance'];
const ALL_REPORTS_TH = ['แดชบอร์ด', 'กล่องข้อความ', 'ประสิทธิภาพช่องทาง', 'ประสิทธิภาพทีม', 'ประสิทธิภาพเจ้าหน้าที่'];

/** The phone drawer's entries: spec §2's Dashboard, Issues and Reports only (settings are desktop only). */
export const EXPECTED_DRAWER: Record<DemoRole, { en: string[]; th: string[] }> = {
  SuperAdmin: { en: ALL_REPORTS_EN, th: ALL_REPORTS_TH },
  Admin: { en: ALL_REPORTS_EN, th: ALL_REPORTS_TH },
  Manager: {
    en: ['Dashboard', 'Inbox', 'Team performance', 'Agent performance'],
    th: ['แดชบอร์ด', 'กล่องข้อความ', 'ประสิทธิภาพทีม', 'ประสิทธิภาพเจ้าหน้าที่'],
  },
  Staff: { en: ['Inbox'], th: ['กล่องข้อความ'] },
};

/** The role as the header shows it. */
export const ROLE_TEXT: Record<DemoRole, { en: string; th: string }> = {
  SuperAdmin: { en: 'Super admin', th: 'ผู้ดูแลระบบสูงสุด' },
  Admin: { en: 'Admin', th: 'ผู้ดูแลระบบ' },
  Manager: { en: 'Manager', th: 'ผู้จัดการ' },
  Staff: { en: 'Staff', th: 'พนักงาน' },
};
