import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { toFormValues } from './channel-form';
import { fieldOfPath, saveFeedback } from './server-errors';

const values = {
  ...toFormValues(),
  assignedMode: 'keyword' as const,
  keywords: [{ keyword: 'order' }, { keyword: 'refund' }, { keyword: 'Order' }],
};

describe('save feedback', () => {
  it('puts the published message of a duplicate keyword on the repeated row', () => {
    const error = new ApiError(400, 'channel.keyword_exists', { keyword: 'Order' });
    expect(saveFeedback(error, values)).toEqual({
      fields: [{ name: ['keywords', 2, 'keyword'], message: 'errors.channel.keyword_exists' }],
      message: null,
      isConnectionExpired: false,
    });
  });

  it('maps rule codes onto their fields', () => {
    const on = (code: string) => saveFeedback(new ApiError(400, code), values).fields[0]?.name;
    expect(on('channel.keyword_required')).toEqual(['keywords']);
    expect(on('channel.shift_required')).toEqual(['shifts']);
    expect(on('channel.duplicate')).toEqual(['externalId']);
    expect(on('channel.page_not_in_connection')).toEqual(['externalId']);
    expect(on('channel.holiday_cannot_remove')).toEqual(['holidays']);
    expect(on('channel.team_not_found')).toEqual(['assignedTeamId']);
  });

  it('maps validation details onto the fields they name', () => {
    const error = new ApiError(400, 'validation.failed', [
      { path: '/holidays/1/date', message: 'Invalid date' },
      { path: '/somethingElse', message: 'x' },
    ]);
    expect(saveFeedback(error, values)).toEqual({
      fields: [{ name: ['holidays', 1, 'date'], message: 'channels.form.invalidField' }],
      message: 'errors.validation.failed',
      isConnectionExpired: false,
    });
  });

  it('says the plan limit and an expired Facebook Login above the form', () => {
    expect(saveFeedback(new ApiError(409, 'channel.plan_limit'), values).message).toBe(
      'errors.channel.plan_limit',
    );
    expect(saveFeedback(new ApiError(404, 'channel.connection_expired'), values)).toMatchObject({
      message: 'errors.channel.connection_expired',
      isConnectionExpired: true,
    });
  });

  it('leaves other failures to the generic message', () => {
    expect(saveFeedback(new ApiError(500, 'internal'), values)).toEqual({
      fields: [],
      message: null,
      isConnectionExpired: false,
    });
  });
});

describe('fieldOfPath', () => {
  it('reads JSON pointer paths of the form fields only', () => {
    expect(fieldOfPath('/keywords/0/keyword')).toEqual(['keywords', 0, 'keyword']);
    expect(fieldOfPath('/name')).toEqual(['name']);
    expect(fieldOfPath('/takeOver')).toBeNull();
    expect(fieldOfPath('/')).toBeNull();
  });
});
