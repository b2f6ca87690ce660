import { describe, expect, it } from 'vitest';
import { isCannedMessageWithinLimit, isTagColour, letterCount } from './settings-text';

describe('settings text rules', () => {
  it('counts letters as code points (Thai marks count, emoji count once)', () => {
    expect(letterCount('สวัสดี')).toBe(6);
    expect(letterCount('👍')).toBe(1);
    expect(isCannedMessageWithinLimit('ก'.repeat(500))).toBe(true);
    expect(isCannedMessageWithinLimit('ก'.repeat(501))).toBe(false);
    expect(isCannedMessageWithinLimit('👍'.repeat(500))).toBe(true);
  });

  it('knows a tag colour', () => {
    expect(isTagColour('#1677ff')).toBe(true);
    expect(isTagColour('#FFF')).toBe(false);
    expect(isTagColour('red')).toBe(false);
  });
});
