import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_MATRIX, toRoleEntries } from '@sabai/domain';
import type { RoleEntry } from '@sabai/domain';
import { allowedScreens, canOpenPath } from './screens';

const entriesOf = (role: keyof typeof DEFAULT_ROLE_MATRIX) => toRoleEntries(DEFAULT_ROLE_MATRIX[role]);
const user = (subdetail: Record<string, string>): RoleEntry[] => [
  { menu: 'user', subdetail: JSON.stringify(subdetail) },
];

describe('the audit log screen', () => {
  it('is for whoever may update every user: Admin and SuperAdmin by default', () => {
    expect(canOpenPath(entriesOf('SuperAdmin'), '/setting/audit-log')).toBe(true);
    expect(canOpenPath(entriesOf('Admin'), '/setting/audit-log?lang=th')).toBe(true);
    expect(canOpenPath(entriesOf('Manager'), '/setting/audit-log')).toBe(false);
    expect(canOpenPath(entriesOf('Staff'), '/setting/audit-log')).toBe(false);
    expect(allowedScreens(entriesOf('Admin')).map((screen) => screen.key)).toContain('audit-log');
    expect(allowedScreens(entriesOf('Staff')).map((screen) => screen.key)).not.toContain('audit-log');
  });

  it('needs the update scope all, not only a view of the users', () => {
    expect(canOpenPath(user({ view: 'all' }), '/setting/audit-log')).toBe(false);
    expect(canOpenPath(user({ view: 'all', update: 'myTeam' }), '/setting/audit-log/')).toBe(false);
    expect(canOpenPath(user({ view: 'all', update: 'all' }), '/setting/audit-log')).toBe(true);
  });

  it('leaves the other screens to their view scopes', () => {
    expect(canOpenPath(entriesOf('Staff'), '/setting/canned-response')).toBe(true);
    expect(canOpenPath(entriesOf('Staff'), '/setting/tag')).toBe(false);
    expect(canOpenPath([], '/profile/edit-profile')).toBe(true);
  });
});

describe('the webhooks screen', () => {
  it('is for whoever may update every user, as its API requires: Admin and SuperAdmin by default', () => {
    expect(canOpenPath(entriesOf('SuperAdmin'), '/setting/webhooks')).toBe(true);
    expect(canOpenPath(entriesOf('Admin'), '/setting/webhooks?lang=th')).toBe(true);
    expect(canOpenPath(entriesOf('Manager'), '/setting/webhooks')).toBe(false);
    expect(canOpenPath(entriesOf('Staff'), '/setting/webhooks')).toBe(false);
    expect(canOpenPath(user({ view: 'all' }), '/setting/webhooks')).toBe(false);
    expect(allowedScreens(entriesOf('Admin')).map((screen) => screen.key)).toContain('webhooks');
  });
});

describe('the satisfaction report', () => {
  it('follows the agent performance view, all or myTeam, as its API does: not Staff', () => {
    expect(canOpenPath(entriesOf('Admin'), '/report/csat?lang=th')).toBe(true);
    expect(canOpenPath(entriesOf('Manager'), '/mobile/report/csat')).toBe(true);
    expect(canOpenPath(entriesOf('Staff'), '/report/csat')).toBe(false);
    const agents = (view: string): RoleEntry[] => [
      { menu: 'agent_performance', subdetail: JSON.stringify({ view }) },
    ];
    expect(canOpenPath(agents('myTeam'), '/report/csat')).toBe(true);
    expect(canOpenPath(agents('myIssue'), '/report/csat')).toBe(false);
  });

  it('stands in the menu right after agent performance, on phones too', () => {
    const keys = allowedScreens(entriesOf('Manager')).map((screen) => screen.key);
    expect(keys[keys.indexOf('agent-performance') + 1]).toBe('csat');
    expect(allowedScreens(entriesOf('Admin')).find((screen) => screen.key === 'csat')?.isOnMobile).toBe(true);
  });
});

describe('the service levels screen', () => {
  it('is an organisation setting: the channel view scope all, Admin and SuperAdmin by default', () => {
    expect(canOpenPath(entriesOf('SuperAdmin'), '/setting/sla')).toBe(true);
    expect(canOpenPath(entriesOf('Admin'), '/setting/sla?lang=th')).toBe(true);
    expect(canOpenPath(entriesOf('Manager'), '/setting/sla')).toBe(false);
    expect(canOpenPath(entriesOf('Staff'), '/setting/sla')).toBe(false);
    const channel = (view: string): RoleEntry[] => [{ menu: 'channel', subdetail: JSON.stringify({ view }) }];
    expect(canOpenPath(channel('all'), '/setting/sla')).toBe(true);
    expect(canOpenPath(channel('myChannel'), '/setting/sla')).toBe(false);
  });

  it('stands in the settings, before the audit log, and not on phones', () => {
    const keys = allowedScreens(entriesOf('Admin')).map((screen) => screen.key);
    expect(keys.slice(keys.indexOf('tags'), keys.indexOf('tags') + 4)).toEqual([
      'tags',
      'sla',
      'automation',
      'audit-log',
    ]);
    expect(allowedScreens(entriesOf('Admin')).find((screen) => screen.key === 'sla')?.isOnMobile).toBe(false);
  });
});

describe('the automation rules screen', () => {
  it('is an organisation setting like the service levels: the channel view scope all', () => {
    expect(canOpenPath(entriesOf('SuperAdmin'), '/setting/automation')).toBe(true);
    expect(canOpenPath(entriesOf('Admin'), '/setting/automation?lang=th')).toBe(true);
    expect(canOpenPath(entriesOf('Manager'), '/setting/automation')).toBe(false);
    expect(canOpenPath(entriesOf('Staff'), '/setting/automation')).toBe(false);
    const channel = (view: string): RoleEntry[] => [{ menu: 'channel', subdetail: JSON.stringify({ view }) }];
    expect(canOpenPath(channel('all'), '/setting/automation')).toBe(true);
    expect(canOpenPath(channel('myChannel'), '/setting/automation')).toBe(false);
  });

  it('stands right after the service levels, and not on phones', () => {
    const keys = allowedScreens(entriesOf('SuperAdmin')).map((screen) => screen.key);
    expect(keys[keys.indexOf('sla') + 1]).toBe('automation');
    expect(allowedScreens(entriesOf('Admin')).find((screen) => screen.key === 'automation')?.isOnMobile).toBe(
      false,
    );
  });
});

describe('the API tokens screen', () => {
  it('is for whoever may update every user, like the audit log, and not on phones', () => {
    expect(canOpenPath(entriesOf('Admin'), '/setting/api-tokens?lang=th')).toBe(true);
    expect(canOpenPath(entriesOf('SuperAdmin'), '/setting/api-tokens')).toBe(true);
    expect(canOpenPath(entriesOf('Manager'), '/setting/api-tokens')).toBe(false);
    expect(canOpenPath(user({ view: 'all' }), '/setting/api-tokens')).toBe(false);
    const screen = allowedScreens(entriesOf('Admin')).find((each) => each.key === 'api-tokens');
    expect(screen?.isOnMobile).toBe(false);
  });
});

describe('the knowledge base screen', () => {
  it('is an organisation setting like the service levels: the channel view scope all, not on phones', () => {
    expect(canOpenPath(entriesOf('Admin'), '/setting/knowledge-base?lang=th')).toBe(true);
    expect(canOpenPath(entriesOf('Manager'), '/setting/knowledge-base')).toBe(false);
    expect(canOpenPath(entriesOf('Staff'), '/setting/knowledge-base')).toBe(false);
    const screen = allowedScreens(entriesOf('Admin')).find((s) => s.key === 'knowledge-base');
    expect(screen?.isOnMobile).toBe(false);
  });
});
