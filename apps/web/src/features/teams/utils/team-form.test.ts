import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { newMemberRow, shiftProblemOf, teamSaveFeedback, toRequest } from './team-form';

const person = { id: 'u1', displayName: 'Somchai', email: 's@example.com' };

describe('team form', () => {
  it('starts a member on the default shift and sends HH:mm times', () => {
    const row = newMemberRow(person);
    expect(
      toRequest({
        name: ' Care ',
        managerUserId: 'm1',
        managerWorkingType: 'always',
        autoReplyMessage: ' Back soon ',
        members: [row],
      }),
    ).toEqual({
      name: 'Care',
      managerUserId: 'm1',
      managerWorkingType: 'always',
      autoReplyMessage: 'Back soon',
      members: [
        {
          userId: 'u1',
          workStart: '09:00',
          workStop: '18:00',
          breakStart: '12:00',
          breakStop: '13:00',
          workingDays: [1, 2, 3, 4, 5],
        },
      ],
    });
  });

  it('finds a work start after the stop, and a break outside the shift on the time that is wrong', () => {
    const row = { ...newMemberRow(person), workStart: dayjs('2000-01-01T19:00') };
    expect(shiftProblemOf(row, 'workStart')).toBe(true);
    expect(shiftProblemOf(newMemberRow(person), 'workStart')).toBe(false);
    // A break running past the end of work: its stop is what is wrong, not its start.
    const lateBreak = { ...newMemberRow(person), breakStop: dayjs('2000-01-01T19:00') };
    expect(shiftProblemOf(lateBreak, 'breakStop')).toBe(true);
    expect(shiftProblemOf(lateBreak, 'breakStart')).toBe(false);
  });

  it('puts the server’s shift problems on the member rows', () => {
    expect(
      teamSaveFeedback(
        new ApiError(400, 'team.work_start_after_stop', {
          problems: [{ index: 1, userId: 'u2', field: 'workStart' }],
        }),
      ),
    ).toEqual([{ field: ['members', 1, 'workStart'], message: 'errors.team.work_start_after_stop' }]);
    expect(
      teamSaveFeedback(new ApiError(400, 'validation.failed', [{ path: '/members/0/workStop' }])),
    ).toEqual([{ field: ['members', 0, 'workStop'], message: 'errors.validation.failed' }]);
    expect(teamSaveFeedback(new ApiError(409, 'team.name_exists'))).toEqual([
      { field: 'name', message: 'errors.team.name_exists' },
    ]);
    expect(teamSaveFeedback(new ApiError(400, 'team.member_required'))).toEqual([
      { field: 'members', message: 'errors.team.member_required' },
    ]);
  });
});
