import { describe, expect, it } from 'vitest';
import type { AutomationRule } from '@sabai/contracts';
import { ApiError } from '../../../lib/api-client';
import {
  ANY_STATUS,
  fieldOfPath,
  isMinutesOutOfRange,
  moved,
  newAction,
  newCondition,
  ruleSaveFeedback,
  toFormValues,
  toRequest,
  withActive,
  wordsProblem,
} from './rule-form';

const rule: AutomationRule = {
  id: 'r1',
  name: 'Quiet waiting issues',
  isActive: true,
  when: { trigger: 'idle', status: 'waiting', minutes: 2_880 },
  conditions: [{ type: 'contact', field: 'email', operator: 'contains', value: '@shop.example' }],
  actions: [{ type: 'close_after_inactivity', minutes: 60, message: 'Thank you!' }],
  position: 1,
  firings: 3,
  lastFiredAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
};

describe('the rule editor', () => {
  it('opens a rule as it was saved and sends it back the same, the texts trimmed', () => {
    const values = toFormValues(rule);
    expect(values).toMatchObject({ trigger: 'idle', idleStatus: 'waiting', idleMinutes: 2_880 });
    expect(toRequest({ ...values, name: '  Quiet waiting issues ' })).toEqual({
      name: 'Quiet waiting issues',
      isActive: true,
      when: rule.when,
      conditions: rule.conditions,
      actions: rule.actions,
    });
  });

  it('starts a new rule active, on a customer message, without conditions or actions', () => {
    expect(toRequest(toFormValues(null))).toEqual({
      name: '',
      isActive: true,
      when: { trigger: 'customer_message' },
      conditions: [],
      actions: [],
    });
  });

  it('sends a status change to any status as null, and only the chosen trigger’s fields', () => {
    const values = { ...toFormValues(null), trigger: 'status_changed' as const };
    expect(toRequest(values).when).toEqual({ trigger: 'status_changed', to: null });
    expect(toRequest({ ...values, toStatus: 'resolved' }).when).toEqual({
      trigger: 'status_changed',
      to: 'resolved',
    });
    expect(toFormValues({ ...rule, when: { trigger: 'status_changed', to: null } }).toStatus).toBe(
      ANY_STATUS,
    );
  });

  it('drops the value of a contact condition that only asks whether the field is filled in, and empty words', () => {
    const values = {
      ...toFormValues(null),
      conditions: [
        { type: 'contact' as const, field: 'name' as const, operator: 'isSet' as const, value: 'left over' },
        { type: 'message_text' as const, words: [' wholesale ', '', 'ขายส่ง'] },
      ],
      actions: [newAction('notify')],
    };
    expect(toRequest(values)).toMatchObject({
      conditions: [
        { type: 'contact', field: 'name', operator: 'isSet', value: '' },
        { type: 'message_text', words: ['wholesale', 'ขายส่ง'] },
      ],
      actions: [{ type: 'notify', userIds: [], assignee: true, text: '' }],
    });
  });

  it('adds conditions and actions with their neutral choices made', () => {
    expect(newCondition('tag')).toEqual({ type: 'tag', tagIds: [], has: true });
    expect(newCondition('contact')).toEqual({
      type: 'contact',
      field: 'name',
      operator: 'contains',
      value: '',
    });
    expect(newAction('assign_team')).toEqual({ type: 'assign_team' });
    expect(newAction('close_after_inactivity')).toEqual({
      type: 'close_after_inactivity',
      minutes: 1_440,
      message: '',
    });
  });

  it('switches a rule off as it is', () => {
    expect(withActive(rule, false)).toEqual({
      name: rule.name,
      isActive: false,
      when: rule.when,
      conditions: rule.conditions,
      actions: rule.actions,
    });
  });

  it('takes minutes from 1 to 30 days, and words of at most 100 characters', () => {
    expect(isMinutesOutOfRange(0)).toBe(true);
    expect(isMinutesOutOfRange(null)).toBe(true);
    expect(isMinutesOutOfRange(1)).toBe(false);
    expect(isMinutesOutOfRange(43_200)).toBe(false);
    expect(isMinutesOutOfRange(43_201)).toBe(true);
    expect(wordsProblem([' '])?.key).toBe('automation.form.wordsRequired');
    expect(wordsProblem(['x'.repeat(101)])).toEqual({ key: 'automation.form.wordTooLong', max: 100 });
    expect(wordsProblem(['ขายส่ง'])).toBeNull();
  });
});

describe('moving a rule', () => {
  it('swaps it with its neighbour, and stays put at either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('ruleSaveFeedback', () => {
  const refused = (code: string, details?: unknown) => new ApiError(400, code, details);

  it('marks the fields a validation failure names', () => {
    expect(
      ruleSaveFeedback(
        refused('validation.failed', [
          { path: '/actions/1/teamId', message: 'Invalid UUID' },
          { path: '/when/minutes', message: 'too big' },
          { path: '/conditions/0/words/2', message: 'too long' },
        ]),
      ),
    ).toEqual([
      { field: ['actions', 1, 'teamId'], message: 'errors.validation.failed' },
      { field: ['idleMinutes'], message: 'errors.validation.failed' },
      { field: ['conditions', 0, 'words'], message: 'errors.validation.failed' },
    ]);
    expect(fieldOfPath('/actions')).toEqual(['actions']);
    expect(fieldOfPath('/position')).toBeNull();
  });

  it('says a missing reference, a deleted rule or the limit of the editor, in the catalogue’s words', () => {
    expect(ruleSaveFeedback(refused('automation.reference_missing'))).toEqual([
      { field: null, message: 'errors.automation.reference_missing' },
    ]);
    expect(ruleSaveFeedback(refused('automation.too_many'))).toEqual([
      { field: null, message: 'errors.automation.too_many' },
    ]);
    expect(ruleSaveFeedback(refused('something.new'))).toEqual([
      { field: null, message: 'common.error.update' },
    ]);
    expect(ruleSaveFeedback(new Error('offline'))).toEqual([{ field: null, message: 'errors.unknown' }]);
  });
});
