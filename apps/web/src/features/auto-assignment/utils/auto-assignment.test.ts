import { describe, expect, it } from 'vitest';
import type { AutoAssignment } from '@sabai/contracts';
import { changeOf, readinessOf, shownSettings } from './auto-assignment';

const row: AutoAssignment = {
  teamId: 't1',
  teamName: 'Customer Care',
  mode: 'manual',
  method: 'round_robin',
  memberCount: 3,
  availableNow: 2,
  waitingIssues: 4,
  canUpdate: true,
};

describe('auto-assignment settings', () => {
  it('shows the change being saved, else the saved settings', () => {
    expect(shownSettings(row, null)).toEqual({ mode: 'manual', method: 'round_robin' });
    expect(shownSettings(row, { mode: 'auto', method: 'least_contact' })).toEqual({
      mode: 'auto',
      method: 'least_contact',
    });
  });

  it('changes one setting and keeps the other', () => {
    const current = { mode: 'manual', method: 'least_contact' } as const;
    expect(changeOf(current, { mode: 'auto' })).toEqual({ mode: 'auto', method: 'least_contact' });
    expect(changeOf(current, { method: 'round_robin' })).toEqual({ mode: 'manual', method: 'round_robin' });
  });

  it('says whether new issues are handed out or wait', () => {
    expect(readinessOf({ mode: 'manual', method: 'round_robin' }, 0)).toBe('manual');
    expect(readinessOf({ mode: 'auto', method: 'round_robin' }, 2)).toBe('ready');
    expect(readinessOf({ mode: 'auto', method: 'least_contact' }, 0)).toBe('nobody');
  });
});
