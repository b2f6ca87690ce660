import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { USERNAME_PATTERN, userSaveFeedback } from './user-form';

describe('user forms', () => {
  it('takes Thai usernames and refuses spaces', () => {
    expect(USERNAME_PATTERN.test('สมชาย.k')).toBe(true);
    expect(USERNAME_PATTERN.test('som chai')).toBe(false);
  });

  it('maps server refusals', () => {
    expect(userSaveFeedback(new ApiError(409, 'user.email_taken'))).toEqual({
      field: 'email',
      message: 'errors.user.email_taken',
    });
    expect(userSaveFeedback(new ApiError(409, 'user.plan_limit'))).toEqual({
      field: null,
      message: 'errors.user.plan_limit',
    });
    expect(
      userSaveFeedback(new ApiError(409, 'user.in_other_team', { teams: [{ id: 't', name: 'Sales' }] })),
    ).toEqual({ field: null, message: 'errors.user.in_other_team', teams: ['Sales'] });
  });
});
