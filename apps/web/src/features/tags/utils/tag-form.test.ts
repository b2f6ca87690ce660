import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { isValidColour, tagSaveFeedback, toFormValues, toRequest } from './tag-form';

describe('tag form', () => {
  it('trims the name and lower-cases the colour', () => {
    expect(toRequest({ name: '  VIP ', colour: '#AABBCC', teamId: 't1' })).toEqual({
      name: 'VIP',
      colour: '#aabbcc',
      teamId: 't1',
    });
  });

  it('starts a new tag with a colour and no team', () => {
    expect(toFormValues(null)).toEqual({ name: '', colour: '#1677ff', teamId: undefined });
  });

  it('takes only #rrggbb colours', () => {
    expect(isValidColour('#12abEF')).toBe(true);
    expect(isValidColour('#123')).toBe(false);
    expect(isValidColour(undefined)).toBe(false);
  });

  it('puts server errors on their fields', () => {
    expect(tagSaveFeedback(new ApiError(409, 'tag.name_exists'))).toEqual([
      { field: 'name', message: 'errors.tag.name_exists' },
    ]);
    expect(tagSaveFeedback(new ApiError(404, 'team.not_found'))).toEqual([
      { field: 'teamId', message: 'errors.team.not_found' },
    ]);
    expect(
      tagSaveFeedback(new ApiError(400, 'validation.failed', [{ path: '/colour', message: 'x' }])),
    ).toEqual([{ field: 'colour', message: 'errors.validation.failed' }]);
    expect(tagSaveFeedback(new Error('boom'))).toEqual([{ field: null, message: 'errors.unknown' }]);
  });
});
