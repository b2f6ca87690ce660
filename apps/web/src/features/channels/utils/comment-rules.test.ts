import { describe, expect, it } from 'vitest';
import { KeywordsSchema, SaveCommentRulesSchema } from '@sabai/contracts';
import type { CommentRule } from '@sabai/contracts';
import {
  RULE_LIMITS,
  addKeywords,
  hasChanges,
  newRule,
  ruleFieldOfPath,
  toRulesValues,
  toSaveRequest,
} from './comment-rules';

const CANNED = '5b3c1f9e-1111-4a2b-9c3d-000000000001';

const rule = (overrides: Partial<CommentRule> = {}): CommentRule => ({
  id: 'r1',
  keywords: ['CF', 'สนใจ'],
  cannedResponseId: CANNED,
  cannedResponseName: 'Price',
  publicReply: 'ส่งข้อความให้แล้วค่ะ',
  isActive: true,
  ...overrides,
});

describe('comment rules form', () => {
  it('turns the saved rules into rows and back into the PUT body', () => {
    const values = toRulesValues([
      rule(),
      rule({ id: 'r2', keywords: ['ราคา'], publicReply: '', isActive: false }),
    ]);
    expect(values.rules[0]).toEqual({
      keywords: ['CF', 'สนใจ'],
      canned: { value: CANNED, label: 'Price' },
      publicReply: 'ส่งข้อความให้แล้วค่ะ',
      isActive: true,
    });
    const body = toSaveRequest(values);
    expect(body).toEqual({
      rules: [
        {
          keywords: ['CF', 'สนใจ'],
          cannedResponseId: CANNED,
          publicReply: 'ส่งข้อความให้แล้วค่ะ',
          isActive: true,
        },
        { keywords: ['ราคา'], cannedResponseId: CANNED, publicReply: '', isActive: false },
      ],
    });
    expect(SaveCommentRulesSchema.safeParse(body).success).toBe(true);
  });

  it('trims the public reply it sends', () => {
    const row = {
      ...newRule(),
      keywords: ['CF'],
      canned: { value: CANNED, label: 'Price' },
      publicReply: '  hi ',
    };
    expect(toSaveRequest({ rules: [row] }).rules[0]?.publicReply).toBe('hi');
  });

  it('tells whether the rows differ from what is saved', () => {
    const saved = [rule()];
    const rows = toRulesValues(saved).rules;
    expect(hasChanges(rows, saved)).toBe(false);
    expect(hasChanges(undefined, saved)).toBe(false);
    expect(hasChanges([{ ...rows[0]!, isActive: false }], saved)).toBe(true);
    expect(hasChanges([...rows, newRule()], saved)).toBe(true);
    expect(hasChanges([], saved)).toBe(true);
  });

  it('mirrors the limits of the contracts', () => {
    expect(KeywordsSchema.safeParse(Array(RULE_LIMITS.keywords).fill('a')).success).toBe(true);
    expect(KeywordsSchema.safeParse(Array(RULE_LIMITS.keywords + 1).fill('a')).success).toBe(false);
    expect(KeywordsSchema.safeParse(['a'.repeat(RULE_LIMITS.keyword)]).success).toBe(true);
    expect(KeywordsSchema.safeParse(['a'.repeat(RULE_LIMITS.keyword + 1)]).success).toBe(false);
    const ofRules = (count: number, publicReply = '') => ({
      rules: Array.from({ length: count }, () => ({
        keywords: ['CF'],
        cannedResponseId: CANNED,
        publicReply,
      })),
    });
    expect(SaveCommentRulesSchema.safeParse(ofRules(RULE_LIMITS.rules)).success).toBe(true);
    expect(SaveCommentRulesSchema.safeParse(ofRules(RULE_LIMITS.rules + 1)).success).toBe(false);
    expect(SaveCommentRulesSchema.safeParse(ofRules(1, 'x'.repeat(RULE_LIMITS.publicReply))).success).toBe(
      true,
    );
    expect(
      SaveCommentRulesSchema.safeParse(ofRules(1, 'x'.repeat(RULE_LIMITS.publicReply + 1))).success,
    ).toBe(false);
  });
});

describe('addKeywords', () => {
  it('adds a typed keyword, trimmed, once whatever its case', () => {
    expect(addKeywords([], '  CF ', true)).toEqual({ keywords: ['CF'], rest: '', problem: null });
    expect(addKeywords(['CF'], 'cf', true)).toEqual({ keywords: ['CF'], rest: '', problem: null });
    expect(addKeywords(['CF'], '   ', true)).toEqual({ keywords: ['CF'], rest: '', problem: null });
  });

  it('splits at commas, keeping what follows the last one while typing', () => {
    expect(addKeywords([], 'CF, สนใจ,ราคา', true).keywords).toEqual(['CF', 'สนใจ', 'ราคา']);
    expect(addKeywords([], 'CF,', false)).toEqual({ keywords: ['CF'], rest: '', problem: null });
    expect(addKeywords([], 'CF, สน', false)).toEqual({ keywords: ['CF'], rest: 'สน', problem: null });
    expect(addKeywords([], 'CF，สนใจ', true).keywords).toEqual(['CF', 'สนใจ']);
  });

  it('keeps a keyword that is too long in the input, with the reason', () => {
    const long = 'a'.repeat(RULE_LIMITS.keyword + 1);
    expect(addKeywords(['CF'], `ราคา, ${long}, ส่งฟรี`, true)).toEqual({
      keywords: ['CF', 'ราคา'],
      rest: `${long}, ส่งฟรี`,
      problem: { key: 'channels.commentRules.keywordTooLong', max: RULE_LIMITS.keyword },
    });
  });

  it('adds no keyword past the maximum of a rule', () => {
    const full = Array.from({ length: RULE_LIMITS.keywords }, (_, i) => `k${i}`);
    expect(addKeywords(full, 'one more', true)).toEqual({
      keywords: full,
      rest: 'one more',
      problem: { key: 'channels.commentRules.tooManyKeywords', max: RULE_LIMITS.keywords },
    });
  });
});

describe('ruleFieldOfPath', () => {
  it("names the rule's field a validation detail points at", () => {
    expect(ruleFieldOfPath('/rules/2/keywords/0')).toEqual([2, 'keywords']);
    expect(ruleFieldOfPath('/rules/0/cannedResponseId')).toEqual([0, 'canned']);
    expect(ruleFieldOfPath('/rules/1/publicReply')).toEqual([1, 'publicReply']);
    expect(ruleFieldOfPath('/rules')).toBeNull();
    expect(ruleFieldOfPath('/')).toBeNull();
  });
});
