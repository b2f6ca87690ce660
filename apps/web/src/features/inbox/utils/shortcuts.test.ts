import { describe, expect, it } from 'vitest';
import { keyLabel, SHORTCUTS } from './shortcuts';

describe('shortcut labels', () => {
  it('shows letters in capitals, arrows as arrows, Alt spelled out', () => {
    expect(SHORTCUTS.next.map(keyLabel)).toEqual(['J', 'Alt + ↓']);
    expect(keyLabel('/')).toBe('/');
    expect(keyLabel('?')).toBe('?');
  });

  it('gives every action its own keys', () => {
    const keys = Object.values(SHORTCUTS).flat();
    expect(new Set(keys).size).toBe(keys.length);
  });
});
