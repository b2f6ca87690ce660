import { describe, expect, it } from 'vitest';
import { FIRST_RESPONDER_DEFAULTS } from '@sabai/contracts';
import { addKeywords } from './comment-rules';
import {
  HAND_OVER_WORD_LIMITS,
  firstResponderFieldOfPath,
  hasChanges,
  isResponderSwitchedOff,
  labelProblem,
  minutesProblem,
  toSaveRequest,
  usesMinutes,
} from './first-responder';

const saved = { ...FIRST_RESPONDER_DEFAULTS, handOverWords: ['refund'] };

describe('first responder form', () => {
  it('asks for minutes only when the AI answers unassigned issues', () => {
    expect(usesMinutes('outsideHours')).toBe(false);
    expect(usesMinutes('unassigned')).toBe(true);
    expect(usesMinutes('both')).toBe(true);
  });

  it('refuses minutes outside 1–1440 or not whole', () => {
    expect([1, 10, 1440].map(minutesProblem)).toEqual([false, false, false]);
    expect([0, 1441, 2.5, null, undefined].map(minutesProblem)).toEqual([true, true, true, true, true]);
  });

  it('trims the label and rounds the threshold to the slider, and sees no change in that alone', () => {
    const values = { ...saved, label: `  ${saved.label} `, confidenceThreshold: 0.30000000000000004 };
    expect(toSaveRequest(values)).toEqual(saved);
    expect(hasChanges(values, saved)).toBe(false);
    expect(hasChanges({ ...saved, handOverWords: ['refund', 'ร้องเรียน'] }, saved)).toBe(true);
    expect(hasChanges(undefined, saved)).toBe(false);
  });

  it('requires a label of 1 to 100 characters once trimmed', () => {
    expect(labelProblem('   ')).toBe('required');
    expect(labelProblem('x'.repeat(101))).toBe('tooLong');
    expect(labelProblem(' 🤖 Bot: ')).toBeNull();
  });

  it('takes up to 30 hand-over words of up to 50 characters', () => {
    const thirty = Array.from({ length: 30 }, (_, i) => `w${i}`);
    expect(addKeywords(thirty, 'one more', true, HAND_OVER_WORD_LIMITS)).toEqual({
      keywords: thirty,
      rest: 'one more',
      problem: { key: 'channels.firstResponder.tooManyWords', max: 30 },
    });
    expect(addKeywords([], `${'ก'.repeat(51)}, ok`, true, HAND_OVER_WORD_LIMITS).problem).toEqual({
      key: 'channels.firstResponder.wordTooLong',
      max: 50,
    });
    expect(addKeywords([], 'ขอคุยกับคน, Refund, refund', true, HAND_OVER_WORD_LIMITS).keywords).toEqual([
      'ขอคุยกับคน',
      'Refund',
    ]);
  });

  it('names the field of a validation detail', () => {
    expect(firstResponderFieldOfPath('/handOverWords/3')).toBe('handOverWords');
    expect(firstResponderFieldOfPath('label')).toBe('label');
    expect(firstResponderFieldOfPath('/unassignedMinutes')).toBe('unassignedMinutes');
    expect(firstResponderFieldOfPath('/other')).toBeNull();
  });

  it('warns while AI assist or its first responder feature is off', () => {
    const features = { firstResponder: true } as Parameters<typeof isResponderSwitchedOff>[0]['features'];
    expect(isResponderSwitchedOff({ enabled: true, features })).toBe(false);
    expect(isResponderSwitchedOff({ enabled: false, features })).toBe(true);
    expect(isResponderSwitchedOff({ enabled: true, features: { ...features, firstResponder: false } })).toBe(
      true,
    );
  });
});
