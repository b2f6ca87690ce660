import { describe, expect, it } from 'vitest';
import { MASKED_VALUE } from '@sabai/contracts';
import { changesOf, labelOf } from './audit.changes';

describe('the changes an audit entry holds', () => {
  it('lists each changed field with its value before and after, nested fields as dotted paths', () => {
    expect(
      changesOf(
        { name: 'VIP', colour: '#1677ff', team: { id: 't1', name: 'Sales' }, updatedAt: '1' },
        { name: 'VIP buyers', colour: '#1677ff', team: { id: 't2', name: 'Support' }, updatedAt: '2' },
      ),
    ).toEqual([
      { field: 'name', before: 'VIP', after: 'VIP buyers' },
      { field: 'team.id', before: 't1', after: 't2' },
      { field: 'team.name', before: 'Sales', after: 'Support' },
    ]);
  });

  it('gives a created subject every field as new, and a deleted one every field as gone', () => {
    expect(changesOf(null, { name: 'Refund', members: ['a', 'b'] })).toEqual([
      { field: 'name', before: null, after: 'Refund' },
      { field: 'members', before: null, after: ['a', 'b'] },
    ]);
    expect(changesOf({ name: 'Refund' }, null)).toEqual([{ field: 'name', before: 'Refund', after: null }]);
  });

  it('never stores a secret: a changed one shows masked on both sides, an unchanged one not at all', () => {
    const before = { name: 'LINE OA', channelSecret: 'abc123', credentials: { accessToken: 'tok-1' } };
    const changed = changesOf(before, { ...before, channelSecret: 'def456' });
    expect(changed).toEqual([{ field: 'channelSecret', before: MASKED_VALUE, after: MASKED_VALUE }]);
    expect(JSON.stringify(changesOf(null, before))).not.toMatch(/abc123|tok-1/);
    expect(changesOf(before, { ...before })).toEqual([]);
  });

  it('cuts long values short', () => {
    const [change] = changesOf({ text: 'a' }, { text: 'x'.repeat(2000) });
    expect(String(change!.after)).toHaveLength(501);
  });

  it('names a subject by its name, display name, title or email', () => {
    expect(labelOf({ id: 1, displayName: 'Somchai' })).toBe('Somchai');
    expect(labelOf({ email: 'a@b.c' })).toBe('a@b.c');
    expect(labelOf(null)).toBeNull();
  });
});
