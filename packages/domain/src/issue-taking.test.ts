import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_MATRIX } from './default-role-matrix';
import { checkTake, isTakeable, mayTakeIssues, seesTeamQueue } from './issue-taking';
import { toRoleEntries, type Scope } from './permissions';

const ME = 'me';
const waiting = { status: 'un-assigned' as const, assigneeUserId: null, isCallersTeam: true };
const issueGrants = (view: Scope, update?: Scope) =>
  toRoleEntries({ issue: update ? { view, update } : { view } });

describe('who may take issues', () => {
  it('needs a view scope that shows the team queue: all, myChannel or myTeam, not myIssue', () => {
    expect(['all', 'myChannel', 'myTeam'].every((s) => seesTeamQueue(s as Scope))).toBe(true);
    expect(seesTeamQueue('myIssue')).toBe(false);
    expect(seesTeamQueue(undefined)).toBe(false);
  });

  it('needs issue update at any scope: myIssue is enough, since a taken issue is the taker’s', () => {
    expect(mayTakeIssues(issueGrants('myTeam', 'myIssue'))).toBe(true);
    expect(mayTakeIssues(issueGrants('myTeam'))).toBe(false);
    expect(mayTakeIssues(issueGrants('myIssue', 'myIssue'))).toBe(false);
  });

  it('keeps the default Staff role out (myIssue) and lets managers and admins in', () => {
    expect(mayTakeIssues(toRoleEntries(DEFAULT_ROLE_MATRIX.Staff))).toBe(false);
    expect(mayTakeIssues(toRoleEntries(DEFAULT_ROLE_MATRIX.Manager))).toBe(true);
    expect(mayTakeIssues(toRoleEntries(DEFAULT_ROLE_MATRIX.Admin))).toBe(true);
  });
});

describe('checkTake', () => {
  it('allows an open, un-assigned issue of the caller’s team', () => {
    expect(checkTake(waiting, ME)).toEqual({ ok: true, isAlreadyYours: false });
    expect(isTakeable(waiting, ME)).toBe(true);
  });

  it('refuses a finished issue, one of another team, and one someone else has', () => {
    expect(checkTake({ ...waiting, status: 'transferred' }, ME)).toEqual({
      ok: false,
      code: 'issue.status.closed',
    });
    expect(checkTake({ ...waiting, isCallersTeam: false }, ME)).toEqual({
      ok: false,
      code: 'issue.not_in_team',
    });
    expect(checkTake({ ...waiting, status: 'on-going', assigneeUserId: 'other' }, ME)).toEqual({
      ok: false,
      code: 'issue.already_taken',
    });
    expect(isTakeable({ ...waiting, isCallersTeam: false }, ME)).toBe(false);
  });

  it('answers a second press on the caller’s own issue without change, and offers nothing then', () => {
    const mine = { ...waiting, status: 'on-going' as const, assigneeUserId: ME };
    expect(checkTake(mine, ME)).toEqual({ ok: true, isAlreadyYours: true });
    expect(isTakeable(mine, ME)).toBe(false);
    expect(checkTake({ ...mine, status: 'close' }, ME)).toEqual({ ok: false, code: 'issue.status.closed' });
  });
});
