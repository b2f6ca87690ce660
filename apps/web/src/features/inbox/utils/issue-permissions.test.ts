import { describe, expect, it } from 'vitest';
import { mayAssign, mayChangeStatus, statusChangeRefusal } from './issue-permissions';

const entry = (scope: string) => [
  { menu: 'issue', subdetail: JSON.stringify({ view: scope, update: scope }) },
];

describe('issue permissions in the UI', () => {
  it('lets managers and admins change status and assign, not staff', () => {
    expect(mayChangeStatus(['Manager'])).toBe(true);
    expect(mayChangeStatus(['Staff'])).toBe(false);
    expect(mayChangeStatus([])).toBe(false);
    expect(mayAssign(entry('myTeam'))).toBe(true);
    expect(mayAssign(entry('myIssue'))).toBe(false);
  });

  it('gives the rule that refuses a change, as the server does', () => {
    const ongoing = { status: 'on-going' as const, assignee: { id: 'u' } };
    expect(statusChangeRefusal(ongoing, 'resolved-success', ['Manager'])).toBeNull();
    expect(statusChangeRefusal(ongoing, 'close', ['Manager'])).toBe('issue.status.close_requires_resolved');
    expect(statusChangeRefusal(ongoing, 'resolved-success', ['Staff'])).toBe(
      'issue.status.staff_cannot_change',
    );
    expect(statusChangeRefusal({ status: 'un-assigned', assignee: null }, 'waiting', ['Admin'])).toBe(
      'issue.status.not_assigned',
    );
  });
});
