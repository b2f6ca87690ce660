import { describe, expect, it } from 'vitest';
import { ISSUE_STATUSES } from './issue-status';
import {
  KANBAN_STATUSES,
  canChangeIssueStatus,
  daysLeftToRespond,
  isKanbanDropTarget,
  replyDeadline,
} from './issue-workspace';

const at = (iso: string) => new Date(iso);

describe('canChangeIssueStatus', () => {
  it('refuses staff only', () => {
    expect(canChangeIssueStatus('Staff')).toBe(false);
    for (const role of ['SuperAdmin', 'Admin', 'Manager'] as const)
      expect(canChangeIssueStatus(role)).toBe(true);
  });
});

describe('replyDeadline', () => {
  it('is 7 days after the customer’s last message on Messenger and Instagram', () => {
    expect(replyDeadline('facebook', '2026-01-01T10:00:00Z')).toEqual(at('2026-01-08T10:00:00Z'));
    expect(replyDeadline('instagram', at('2026-01-01T10:00:00Z'))).toEqual(at('2026-01-08T10:00:00Z'));
  });

  it('does not exist on LINE or before the customer wrote', () => {
    expect(replyDeadline('line', '2026-01-01T10:00:00Z')).toBeNull();
    expect(replyDeadline('facebook', null)).toBeNull();
  });
});

describe('daysLeftToRespond', () => {
  const deadline = at('2026-01-08T10:00:00Z');

  it('counts a started day as a day', () => {
    expect(daysLeftToRespond(deadline, at('2026-01-01T10:00:00Z'))).toBe(7);
    expect(daysLeftToRespond(deadline, at('2026-01-01T16:00:00Z'))).toBe(7);
    expect(daysLeftToRespond(deadline, at('2026-01-07T10:00:00Z'))).toBe(1);
    expect(daysLeftToRespond(deadline, at('2026-01-08T09:00:00Z'))).toBe(1);
  });

  it('is 0 once the window has closed and null without a window', () => {
    expect(daysLeftToRespond(deadline, deadline)).toBe(0);
    expect(daysLeftToRespond(deadline, at('2026-02-01T00:00:00Z'))).toBe(0);
    expect(daysLeftToRespond(null, at('2026-02-01T00:00:00Z'))).toBeNull();
  });
});

describe('the kanban', () => {
  it('has a column for every status, resolved and transferred included, in pipeline order', () => {
    expect(KANBAN_STATUSES).toEqual(ISSUE_STATUSES);
    expect(KANBAN_STATUSES).toEqual(expect.arrayContaining(['resolved', 'transferred']));
  });

  it('takes drops everywhere but on transferred, which needs a target team', () => {
    expect(KANBAN_STATUSES.filter((status) => !isKanbanDropTarget(status))).toEqual(['transferred']);
  });
});
