import { describe, expect, it } from 'vitest';
import type { SlaPolicy } from '@sabai/contracts';
import { ApiError } from '../../../lib/api-client';
import {
  ANY,
  hasAnyTarget,
  isTargetOutOfRange,
  slaSaveFeedback,
  TARGET_MAX_MINUTES,
  toFormValues,
  toRequest,
  withActive,
} from './sla-form';

const policy: SlaPolicy = {
  id: 'p1',
  name: 'LINE first response',
  teamId: null,
  channelId: 'c1',
  firstResponseMinutes: 1,
  nextResponseMinutes: null,
  resolutionMinutes: 1_680,
  businessHours: false,
  isActive: true,
  updatedAt: '2026-03-02T09:00:00.000Z',
};

describe('the policy form', () => {
  it('shows "any" for a null team or channel and sends it back as null, the name trimmed', () => {
    const values = toFormValues(policy);
    expect(values).toMatchObject({ teamId: ANY, channelId: 'c1', resolutionMinutes: 1_680 });
    expect(toRequest({ ...values, name: '  LINE first response ' })).toEqual({
      name: 'LINE first response',
      teamId: null,
      channelId: 'c1',
      firstResponseMinutes: 1,
      nextResponseMinutes: null,
      resolutionMinutes: 1_680,
      businessHours: false,
      isActive: true,
    });
  });

  it('starts a new policy for any team and channel, in business hours, active, without targets', () => {
    expect(toRequest(toFormValues(null))).toMatchObject({
      teamId: null,
      channelId: null,
      firstResponseMinutes: null,
      businessHours: true,
      isActive: true,
    });
  });

  it('switches a policy off as it is', () => {
    expect(withActive(policy, false)).toMatchObject({ name: policy.name, channelId: 'c1', isActive: false });
  });

  it('takes targets from 1 minute to 365 days, and needs at least one', () => {
    expect(TARGET_MAX_MINUTES).toBe(525_600);
    expect(isTargetOutOfRange(null)).toBe(false);
    expect(isTargetOutOfRange(0)).toBe(true);
    expect(isTargetOutOfRange(1)).toBe(false);
    expect(isTargetOutOfRange(525_601)).toBe(true);
    expect(hasAnyTarget([null, undefined, null])).toBe(false);
    expect(hasAnyTarget([null, 30, null])).toBe(true);
  });
});

describe('slaSaveFeedback', () => {
  const refused = (code: string, details?: unknown) => new ApiError(409, code, details);

  it('says a duplicate team and channel pair of the form, a missing team of its field', () => {
    expect(slaSaveFeedback(refused('sla.duplicate_scope'))).toEqual([
      { field: null, message: 'errors.sla.duplicate_scope' },
    ]);
    expect(slaSaveFeedback(refused('team.not_found'))).toEqual([
      { field: 'teamId', message: 'errors.team.not_found' },
    ]);
    expect(slaSaveFeedback(new Error('offline'))).toEqual([{ field: null, message: 'errors.unknown' }]);
  });

  it('marks the fields a validation failure names', () => {
    expect(
      slaSaveFeedback(refused('validation.failed', [{ path: '/resolutionMinutes', message: 'too big' }])),
    ).toEqual([{ field: 'resolutionMinutes', message: 'errors.validation.failed' }]);
  });
});
