import { describe, expect, it } from 'vitest';
import {
  changesNothing,
  factsAfter,
  checkCondition,
  checkConditions,
  stepsToClose,
  triggerMatches,
  mayHold,
  type RuleCondition,
  type RuleFacts,
} from './automation';

const facts: RuleFacts = {
  channelId: 'line-1',
  teamId: 'retail',
  status: 'on-going',
  tagIds: ['vip'],
  contact: { name: 'Somchai', email: null, mobileNumber: '0812345678', province: 'Chiang Mai', gender: null },
  messageText: 'สวัสดีค่ะ สนใจขายส่ง 10 กล่อง',
  withinBusinessHours: false,
  firstIssue: true,
};

const holds = (c: RuleCondition, f: Partial<RuleFacts> = {}) => checkCondition(c, { ...facts, ...f }).holds;

describe('conditions', () => {
  it('reads the channel, team, status and tags', () => {
    expect(holds({ type: 'channel', channelIds: ['line-1', 'fb-1'] })).toBe(true);
    expect(holds({ type: 'channel', channelIds: ['fb-1'] })).toBe(false);
    expect(holds({ type: 'team', teamIds: ['retail'] })).toBe(true);
    expect(holds({ type: 'team', teamIds: ['retail'] }, { teamId: null })).toBe(false);
    expect(holds({ type: 'status', statuses: ['waiting', 'on-going'] })).toBe(true);
    expect(holds({ type: 'tag', tagIds: ['vip', 'new'], has: true })).toBe(true);
    expect(holds({ type: 'tag', tagIds: ['vip'], has: false })).toBe(false);
    expect(holds({ type: 'tag', tagIds: ['spam'], has: false })).toBe(true);
  });

  it('compares contact fields without regard to case or surrounding space', () => {
    expect(holds({ type: 'contact', field: 'province', operator: 'equals', value: ' chiang mai ' })).toBe(
      true,
    );
    expect(holds({ type: 'contact', field: 'name', operator: 'contains', value: 'SOM' })).toBe(true);
    expect(holds({ type: 'contact', field: 'email', operator: 'isNotSet', value: '' })).toBe(true);
    expect(holds({ type: 'contact', field: 'email', operator: 'contains', value: '' })).toBe(false);
    expect(holds({ type: 'contact', field: 'mobileNumber', operator: 'isSet', value: '' })).toBe(true);
    // A field of spaces only is not set.
    expect(
      holds(
        { type: 'contact', field: 'name', operator: 'isSet', value: '' },
        { contact: { ...facts.contact, name: '  ' } },
      ),
    ).toBe(false);
  });

  it('finds Thai words anywhere and Latin words only whole', () => {
    const words = (w: string[], messageText: string | null) =>
      holds({ type: 'message_text', words: w }, { messageText });
    expect(words(['ขายส่ง'], 'สนใจขายส่งค่ะ')).toBe(true);
    expect(words(['wholesale'], 'Any WHOLESALE price?')).toBe(true);
    expect(words(['wholesale'], 'wholesaler prices')).toBe(false);
    expect(words(['ขายส่ง'], null)).toBe(false);
    expect(checkCondition({ type: 'message_text', words: ['ราคา', 'ขายส่ง'] }, facts).actual).toBe('ขายส่ง');
  });

  it('reads business hours and the first issue', () => {
    expect(holds({ type: 'business_hours', inside: false })).toBe(true);
    expect(holds({ type: 'business_hours', inside: true })).toBe(false);
    expect(holds({ type: 'first_issue', value: true })).toBe(true);
    expect(holds({ type: 'first_issue', value: false })).toBe(false);
  });

  it('fires when every condition holds, and says which did not', () => {
    expect(checkConditions([], facts).fires).toBe(true);
    const verdict = checkConditions(
      [
        { type: 'message_text', words: ['ขายส่ง'] },
        { type: 'status', statuses: ['waiting'] },
      ],
      facts,
    );
    expect(verdict.fires).toBe(false);
    expect(verdict.checks).toEqual([
      { index: 0, type: 'message_text', holds: true, actual: 'ขายส่ง' },
      { index: 1, type: 'status', holds: false, actual: 'on-going' },
    ]);
  });
});

describe('what the engine may skip', () => {
  it('drops a rule whose words, status or channel the event rules out, before reading the issue', () => {
    const conditions: RuleCondition[] = [
      { type: 'status', statuses: ['waiting'] },
      { type: 'message_text', words: ['ขายส่ง'] },
      { type: 'tag', tagIds: ['vip'], has: true },
    ];
    expect(mayHold(conditions, { messageText: 'สนใจขายส่งค่ะ' })).toBe(true);
    expect(mayHold(conditions, { messageText: 'hello' })).toBe(false);
    expect(mayHold(conditions, { messageText: null })).toBe(false);
    expect(mayHold(conditions, { messageText: 'สนใจขายส่งค่ะ', status: 'waiting' })).toBe(true);
    expect(mayHold(conditions, { messageText: 'สนใจขายส่งค่ะ', status: 'on-going' })).toBe(false);
    // What the event does not know (the tags here) is left to the issue's facts.
    expect(mayHold(conditions, {})).toBe(true);
    const channels: RuleCondition[] = [{ type: 'channel', channelIds: ['line-1'] }];
    expect(mayHold(channels, { channelId: 'line-1' })).toBe(true);
    expect(mayHold(channels, { channelId: 'fb-1' })).toBe(false);
  });

  it('knows a tag step changes nothing when an open issue already has the tag as wanted', () => {
    expect(changesNothing({ type: 'add_tag', tagId: 'vip' }, facts)).toBe(true);
    expect(changesNothing({ type: 'remove_tag', tagId: 'vip' }, facts)).toBe(false);
    expect(changesNothing({ type: 'remove_tag', tagId: 'spam' }, facts)).toBe(true);
    // A closed issue refuses the step instead (its error is the step's outcome).
    expect(changesNothing({ type: 'add_tag', tagId: 'vip' }, { ...facts, status: 'close' })).toBe(false);
    expect(changesNothing({ type: 'auto_assign' }, facts)).toBe(false);
  });

  it('follows the facts through tag steps only', () => {
    const added = factsAfter({ type: 'add_tag', tagId: 'spam' }, facts)!;
    expect(added.tagIds).toEqual([...facts.tagIds, 'spam']);
    expect(changesNothing({ type: 'add_tag', tagId: 'spam' }, added)).toBe(true);
    expect(factsAfter({ type: 'add_tag', tagId: 'vip' }, facts)!.tagIds).toEqual(facts.tagIds);
    expect(factsAfter({ type: 'remove_tag', tagId: 'vip' }, facts)!.tagIds).not.toContain('vip');
    // Any other step may change what conditions read: the issue is read again.
    expect(factsAfter({ type: 'assign_team' }, facts)).toBeUndefined();
    expect(factsAfter({ type: 'set_status' }, facts)).toBeUndefined();
  });
});

describe('triggers', () => {
  it('matches status changes into a status, or any, and idle time in its status', () => {
    expect(
      triggerMatches(
        { trigger: 'status_changed', to: null },
        { trigger: 'status_changed', status: 'waiting' },
      ),
    ).toBe(true);
    expect(
      triggerMatches(
        { trigger: 'status_changed', to: 'close' },
        { trigger: 'status_changed', status: 'waiting' },
      ),
    ).toBe(false);
    expect(
      triggerMatches(
        { trigger: 'idle', status: 'waiting', minutes: 60 },
        { trigger: 'idle', status: 'waiting' },
      ),
    ).toBe(true);
    expect(
      triggerMatches({ trigger: 'customer_message' }, { trigger: 'issue_created', status: 'un-assigned' }),
    ).toBe(false);
  });
});

describe('closing after inactivity', () => {
  it('goes through the statuses the status rules allow', () => {
    expect(stepsToClose('waiting')).toEqual(['on-going', 'resolved', 'close']);
    expect(stepsToClose('on-going')).toEqual(['resolved', 'close']);
    expect(stepsToClose('resolved-success')).toEqual(['close']);
    expect(stepsToClose('un-assigned')).toBeNull();
    expect(stepsToClose('close')).toBeNull();
  });
});
