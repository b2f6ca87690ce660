import { describe, expect, it } from 'vitest';
import type { Macro } from '@sabai/contracts';
import { ApiError } from '../../../lib/api-client';
import { isCannedUsable, macroSaveFeedback, toMacroRequest, toMacroValues } from './macro-form';

const macro: Macro = {
  id: 'm1',
  name: 'Wholesale follow-up',
  isShared: true,
  actions: [
    { type: 'add_tag', tagId: 't1' },
    { type: 'send_canned', cannedResponseId: 'c1' },
    { type: 'set_status', status: 'resolved' },
  ],
  owner: null,
  canUpdate: true,
  canDelete: true,
  updatedAt: '2026-11-28T08:00:00.000Z',
};

describe('macro form', () => {
  it('starts a new macro shared only for those who may share', () => {
    expect(toMacroValues(null, true)).toEqual({ name: '', isShared: true, actions: [] });
    expect(toMacroValues(null, false).isShared).toBe(false);
  });

  it('sends the name trimmed and each step with its own fields only, in order', () => {
    const values = toMacroValues(macro, true);
    expect(toMacroRequest({ ...values, name: ' Wholesale follow-up ' })).toEqual({
      name: 'Wholesale follow-up',
      isShared: true,
      actions: macro.actions,
    });
    expect(
      toMacroRequest({
        name: 'Note',
        isShared: false,
        // A stray field of another kind of step is not sent.
        actions: [
          { type: 'add_note', text: '  Call back on Monday  ', tagId: 't1' } as never,
          { type: 'auto_assign' },
        ],
      }).actions,
    ).toEqual([{ type: 'add_note', text: 'Call back on Monday' }, { type: 'auto_assign' }]);
  });

  it('lets a shared macro send shared canned responses only, a personal one its author’s too', () => {
    const shared = { isShared: true, owner: null };
    const mine = { isShared: false, owner: { id: 'me' } };
    const theirs = { isShared: false, owner: { id: 'someone' } };
    expect(isCannedUsable(shared, true, 'me')).toBe(true);
    expect(isCannedUsable(mine, true, 'me')).toBe(false);
    expect(isCannedUsable(mine, false, 'me')).toBe(true);
    expect(isCannedUsable(theirs, false, 'me')).toBe(false);
  });

  it('puts a refused save on the name or above the form', () => {
    expect(macroSaveFeedback(new ApiError(409, 'macro.name_exists'))).toEqual([
      { field: 'name', message: 'errors.macro.name_exists' },
    ]);
    expect(macroSaveFeedback(new ApiError(400, 'automation.reference_missing'))).toEqual([
      { field: 'actions', message: 'errors.automation.reference_missing' },
    ]);
    expect(macroSaveFeedback(new ApiError(403, 'auth.forbidden'))).toEqual([
      { field: null, message: 'errors.auth.forbidden' },
    ]);
    expect(macroSaveFeedback(new Error('offline'))).toEqual([{ field: null, message: 'errors.unknown' }]);
  });
});
