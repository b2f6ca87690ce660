import { describe, expect, it } from 'vitest';
import { chooseAgent, nextInRotation } from './assignment';

describe('assignment', () => {
  it('rotates through agents in a fixed order, wrapping, whoever was last', () => {
    const ids = ['c', 'a', 'b'];
    expect(nextInRotation(ids, null)).toBe('a');
    expect(nextInRotation(ids, 'a')).toBe('b');
    expect(nextInRotation(ids, 'c')).toBe('a');
    // The last assignee went on break (not a candidate): the one after them comes next.
    expect(nextInRotation(['a', 'c'], 'b')).toBe('c');
    expect(nextInRotation([], 'a')).toBeNull();
  });

  it('is fair: each agent gets an equal share within one', () => {
    const ids = ['a', 'b', 'c'];
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    let last: string | null = null;
    for (let i = 0; i < 1000; i++) {
      last = chooseAgent(
        'round_robin',
        ids.map((userId) => ({ userId, openIssues: 0 })),
        last,
      );
      counts[last!]!++;
    }
    expect(Math.max(...Object.values(counts)) - Math.min(...Object.values(counts))).toBeLessThanOrEqual(1);
  });

  it('least contact picks the fewest open issues, ties by rotation', () => {
    const candidates = [
      { userId: 'a', openIssues: 3 },
      { userId: 'b', openIssues: 1 },
      { userId: 'c', openIssues: 1 },
    ];
    expect(chooseAgent('least_contact', candidates, null)).toBe('b');
    expect(chooseAgent('least_contact', candidates, 'b')).toBe('c');
    expect(chooseAgent('least_contact', candidates, 'c')).toBe('b');
    expect(chooseAgent('least_contact', [], null)).toBeNull();
  });
});
