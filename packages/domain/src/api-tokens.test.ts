import { describe, expect, it } from 'vitest';
import {
  effectiveTokenMatrix,
  isApiToken,
  tokenGrantProblems,
  tokenScopeChoices,
  visiblePrefixOf,
} from './api-tokens';
import { DEFAULT_ROLE_MATRIX } from './default-role-matrix';

describe('API tokens', () => {
  it('tells a token from a session token by its prefix', () => {
    expect(isApiToken('sabai_abc')).toBe(true);
    expect(isApiToken('eyJhbGciOiJIUzI1NiJ9.x.y')).toBe(false);
    expect(isApiToken(undefined)).toBe(false);
    expect(visiblePrefixOf('sabai_AbCdEfGhIjKl')).toBe('sabai_AbCdEf');
  });

  it('grants within the creator role: the same scope, or any scope under their whole-organisation one', () => {
    const manager = DEFAULT_ROLE_MATRIX.Manager;
    expect(tokenGrantProblems({ issue: { view: 'myTeam' } }, manager)).toEqual([]);
    expect(tokenGrantProblems({ issue: { view: 'myIssue' } }, DEFAULT_ROLE_MATRIX.Admin)).toEqual([]);
    expect(tokenGrantProblems({ issue: { view: 'all' } }, manager)).toEqual([
      { resource: 'issue', action: 'view', scope: 'all', reason: 'beyond_role' },
    ]);
    // A scope beside the creator's, not under it.
    expect(tokenGrantProblems({ issue: { view: 'myIssue' } }, manager)).toHaveLength(1);
    expect(tokenGrantProblems({ tag: { view: 'all' } }, manager)).toHaveLength(1);
  });

  it('offers the scopes the creator may give', () => {
    expect(tokenScopeChoices('issue', 'view', DEFAULT_ROLE_MATRIX.Admin)).toEqual([
      'all',
      'myTeam',
      'myIssue',
    ]);
    expect(tokenScopeChoices('issue', 'view', DEFAULT_ROLE_MATRIX.Manager)).toEqual(['myTeam']);
    expect(tokenScopeChoices('issue', 'delete', DEFAULT_ROLE_MATRIX.Manager)).toEqual([]);
    expect(tokenScopeChoices('organization', 'view', DEFAULT_ROLE_MATRIX.SuperAdmin)).toEqual([]);
    expect(tokenScopeChoices('team_performance', 'update', DEFAULT_ROLE_MATRIX.Admin)).toEqual([]);
  });

  it('never grants what no role may be given by an Admin (switching organisations, unknown names)', () => {
    const superAdmin = DEFAULT_ROLE_MATRIX.SuperAdmin;
    expect(tokenGrantProblems({ organization: { view: 'all' } }, superAdmin)).toEqual([
      { resource: 'organization', action: 'view', scope: 'all', reason: 'not_grantable' },
    ]);
    expect(tokenGrantProblems({ billing: { view: 'all' } }, superAdmin)[0]?.reason).toBe('not_grantable');
  });

  it('acts with the grants the creator role still covers', () => {
    const token = { issue: { view: 'all', update: 'all' }, tag: { view: 'all' } } as const;
    expect(effectiveTokenMatrix(token, DEFAULT_ROLE_MATRIX.Admin)).toEqual(token);
    // The creator became a Manager: the whole-organisation grants fall away.
    expect(effectiveTokenMatrix(token, DEFAULT_ROLE_MATRIX.Manager)).toEqual({});
    expect(
      effectiveTokenMatrix({ issue: { view: 'myTeam', delete: 'myTeam' } }, DEFAULT_ROLE_MATRIX.Manager),
    ).toEqual({ issue: { view: 'myTeam' } });
  });
});
