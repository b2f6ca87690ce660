import { describe, it, expect } from 'vitest';
import { CHANNEL_TYPES, isChannelType } from './channel-type';
import {
  ISSUE_STATUSES,
  STATUS_COLOURS,
  STATUS_FILTERS,
  checkStatusChange,
  isFinalStatus,
  isOldSocialIssue,
  isOpenStatus,
  isResolvedStatus,
} from './issue-status';
import type { IssueStatus, StatusChange } from './issue-status';

// A manager changing an assigned issue, unless a test says otherwise.
const change = (from: IssueStatus, to: IssueStatus, overrides: Partial<StatusChange> = {}) =>
  checkStatusChange({ from, to, isAssigned: true, actorCanChangeStatus: true, ...overrides });

describe('statuses', () => {
  it('lists the eight statuses', () => {
    expect(ISSUE_STATUSES).toHaveLength(8);
  });

  it('gives every status a distinct hex colour', () => {
    const colours = ISSUE_STATUSES.map((status) => STATUS_COLOURS[status]);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(new Set(colours).size).toBe(ISSUE_STATUSES.length);
  });

  it('offers the status filter with "all" first', () => {
    expect(STATUS_FILTERS.map((filter) => filter.value)).toEqual([
      '',
      'un-assigned',
      'on-going',
      'waiting',
      'resolved',
      'resolved-success',
      'resolved-un-success',
      'close',
      'transferred',
    ]);
    expect(STATUS_FILTERS[0]?.labelKey).toBe('issue.status.all');
    for (const filter of STATUS_FILTERS.slice(1))
      expect(filter.labelKey).toBe(`issue.status.${filter.value}`);
  });

  it('groups statuses', () => {
    expect(ISSUE_STATUSES.filter(isOpenStatus)).toEqual(['un-assigned', 'on-going', 'waiting']);
    expect(ISSUE_STATUSES.filter(isResolvedStatus)).toEqual([
      'resolved',
      'resolved-success',
      'resolved-un-success',
    ]);
    expect(ISSUE_STATUSES.filter(isFinalStatus)).toEqual(['close', 'transferred']);
  });
});

describe('checkStatusChange', () => {
  it('allows the lifecycle transitions', () => {
    expect(change('un-assigned', 'on-going')).toEqual({ ok: true });
    expect(change('on-going', 'waiting')).toEqual({ ok: true });
    expect(change('waiting', 'on-going')).toEqual({ ok: true });
    expect(change('on-going', 'resolved')).toEqual({ ok: true });
    expect(change('on-going', 'resolved-success')).toEqual({ ok: true });
    expect(change('on-going', 'resolved-un-success')).toEqual({ ok: true });
    expect(change('resolved', 'close')).toEqual({ ok: true });
    expect(change('resolved-success', 'close')).toEqual({ ok: true });
    expect(change('resolved-un-success', 'close')).toEqual({ ok: true });
  });

  it('allows any open issue to be transferred', () => {
    expect(change('un-assigned', 'transferred', { isAssigned: false })).toEqual({ ok: true });
    expect(change('on-going', 'transferred')).toEqual({ ok: true });
    expect(change('waiting', 'transferred')).toEqual({ ok: true });
  });

  it('reports a change to the same status', () => {
    expect(change('waiting', 'waiting')).toEqual({ ok: false, code: 'issue.status.unchanged' });
  });

  it('requires an assigned agent before any change', () => {
    expect(change('un-assigned', 'on-going', { isAssigned: false })).toEqual({
      ok: false,
      code: 'issue.status.not_assigned',
    });
    expect(change('on-going', 'waiting', { isAssigned: false })).toEqual({
      ok: false,
      code: 'issue.status.not_assigned',
    });
  });

  it('never changes a closed or transferred issue', () => {
    for (const to of ISSUE_STATUSES.filter((status) => status !== 'close')) {
      expect(change('close', to)).toEqual({ ok: false, code: 'issue.status.closed' });
    }
    expect(change('transferred', 'on-going')).toEqual({ ok: false, code: 'issue.status.closed' });
  });

  it('lets only actors with the right change status (staff wait for the manager)', () => {
    expect(change('on-going', 'resolved-success', { actorCanChangeStatus: false })).toEqual({
      ok: false,
      code: 'issue.status.staff_cannot_change',
    });
    expect(change('on-going', 'waiting', { actorCanChangeStatus: false })).toEqual({
      ok: false,
      code: 'issue.status.staff_cannot_change',
    });
  });

  it('never returns an assigned issue to un-assigned', () => {
    for (const from of ['on-going', 'waiting', 'resolved-success'] as const) {
      expect(change(from, 'un-assigned')).toEqual({ ok: false, code: 'issue.status.cannot_unassign' });
    }
  });

  it('resolves only from on-going', () => {
    expect(change('waiting', 'resolved-success')).toEqual({
      ok: false,
      code: 'issue.status.resolve_requires_on_going',
    });
    expect(change('waiting', 'resolved')).toEqual({
      ok: false,
      code: 'issue.status.resolve_requires_on_going',
    });
    expect(change('un-assigned', 'resolved-un-success')).toEqual({
      ok: false,
      code: 'issue.status.resolve_requires_on_going',
    });
    expect(change('resolved', 'resolved-success')).toEqual({
      ok: false,
      code: 'issue.status.resolve_requires_on_going',
    });
  });

  it('closes only from a resolved status', () => {
    for (const from of ['un-assigned', 'on-going', 'waiting'] as const) {
      expect(change(from, 'close')).toEqual({ ok: false, code: 'issue.status.close_requires_resolved' });
    }
  });

  it('rejects every other transition', () => {
    expect(change('un-assigned', 'waiting')).toEqual({ ok: false, code: 'issue.status.invalid_transition' });
    expect(change('resolved-success', 'on-going')).toEqual({
      ok: false,
      code: 'issue.status.invalid_transition',
    });
    expect(change('resolved', 'waiting')).toEqual({ ok: false, code: 'issue.status.invalid_transition' });
    expect(change('resolved-un-success', 'transferred')).toEqual({
      ok: false,
      code: 'issue.status.invalid_transition',
    });
  });

  it('allows exactly the listed transitions between all status pairs', () => {
    const allowed = ISSUE_STATUSES.flatMap((from) =>
      ISSUE_STATUSES.filter((to) => change(from, to).ok).map((to) => `${from} → ${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'un-assigned → on-going',
        'un-assigned → transferred',
        'on-going → waiting',
        'on-going → resolved',
        'on-going → resolved-success',
        'on-going → resolved-un-success',
        'on-going → transferred',
        'waiting → on-going',
        'waiting → transferred',
        'resolved → close',
        'resolved-success → close',
        'resolved-un-success → close',
      ].sort(),
    );
  });
});

describe('isOldSocialIssue', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const eightDaysAgo = '2026-03-02T12:00:00Z';

  it('flags facebook and instagram issues older than 7 days', () => {
    expect(isOldSocialIssue('facebook', eightDaysAgo, now)).toBe(true);
    expect(isOldSocialIssue('instagram', new Date(eightDaysAgo), now.getTime())).toBe(true);
  });

  it('flags only past exactly 7 days', () => {
    expect(isOldSocialIssue('facebook', '2026-03-03T12:00:00Z', now)).toBe(false);
    expect(isOldSocialIssue('instagram', '2026-03-03T12:00:01Z', now)).toBe(false);
    expect(isOldSocialIssue('facebook', '2026-03-03T11:59:59Z', now)).toBe(true);
  });

  it('never flags LINE issues', () => {
    expect(isOldSocialIssue('line', '2020-01-01T00:00:00Z', now)).toBe(false);
  });

  it('does not flag an unreadable date', () => {
    expect(isOldSocialIssue('facebook', 'not a date', now)).toBe(false);
  });
});

describe('channel types', () => {
  it('lists line, facebook and instagram', () => {
    expect(CHANNEL_TYPES).toEqual(['line', 'facebook', 'instagram']);
    expect(isChannelType('line')).toBe(true);
    expect(isChannelType('whatsapp')).toBe(false);
  });
});
