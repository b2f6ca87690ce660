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
    en: ['Dashboard', 'Teams', 'Users', 'Channels', 'Canned responses', 'Tags'],
    th: ['แดชบอร์ด', 'ทีม', 'ผู้ใช้', 'ช่องทาง', 'ข้อความสำเร็จรูป', 'แท็ก'],
  },
  Admin: {
    en: ['Dashboard', 'Teams', 'Users', 'Channels', 'Canned responses', 'Tags'],
    th: ['แดชบอร์ด', 'ทีม', 'ผู้ใช้', 'ช่องทาง', 'ข้อความสำเร็จรูป', 'แท็ก'],
  },
  Manager: {
    en: ['Dashboard', 'Teams', 'Canned responses'],
    th: ['แดชบอร์ด', 'ทีม', 'ข้อความสำเร็จรูป'],
  },
  // Staff manage their own canned responses (scope myCanned).
  Staff: { en: ['Canned responses'], th: ['ข้อความสำเร็จรูป'] },
};

/** The phone drawer's entries: spec §2's Dashboard, Issues and Reports only (settings are desktop only). */
export const EXPECTED_DRAWER: Record<DemoRole, { en: string[]; th: string[] }> = {
  SuperAdmin: { en: ['Dashboard'], th: ['แดชบอร์ด'] },
  Admin: { en: ['Dashboard'], th: ['แดชบอร์ด'] },
  Manager: { en: ['Dashboard'], th: ['แดชบอร์ด'] },
  Staff: { en: [], th: [] },
};

/** The role as the header shows it. */
export const ROLE_TEXT: Record<DemoRole, { en: string; th: string }> = {
  SuperAdmin: { en: 'Super admin', th: 'ผู้ดูแลระบบสูงสุด' },
  Admin: { en: 'Admin', th: 'ผู้ดูแลระบบ' },
  Manager: { en: 'Manager', th: 'ผู้จัดการ' },
  Staff: { en: 'Staff', th: 'พนักงาน' },
};
