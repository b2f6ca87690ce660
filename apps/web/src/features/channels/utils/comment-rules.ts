// The comment rules of a Facebook or Instagram channel as the rules form holds them, and
// their translation to and from the API (packages/contracts comments.ts: CommentRuleSchema,
// SaveCommentRulesSchema). A row keeps the canned response as { value, label } so the select can name it
// before its options have loaded.
import type { CommentRule, SaveCommentRules } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';

/** The limits of SaveCommentRulesSchema and KeywordsSchema, mirrored for the form. */
export const RULE_LIMITS = { rules: 50, keywords: 20, keyword: 30, publicReply: 500 } as const;

export type CannedChoice = { value: string; label: string };

export type RuleRow = {
  keywords: string[];
  canned?: CannedChoice | undefined;
  publicReply: string;
  isActive: boolean;
};

export type CommentRulesValues = { rules: RuleRow[] };

export const newRule = (): RuleRow => ({ keywords: [], canned: undefined, publicReply: '', isActive: true });

export function toRulesValues(rules: readonly CommentRule[]): CommentRulesValues {
  return {
    rules: rules.map((rule) => ({
      keywords: [...rule.keywords],
      canned: { value: rule.cannedResponseId, label: rule.cannedResponseName },
      publicReply: rule.publicReply,
      isActive: rule.isActive,
    })),
  };
}

/** The PUT body; only called once the form has checked that every row has a keyword and a response. */
export function toSaveRequest(values: CommentRulesValues): SaveCommentRules {
  return {
    rules: values.rules.map((row) => ({
      keywords: row.keywords,
      cannedResponseId: row.canned?.value ?? '',
      publicReply: row.publicReply.trim(),
      isActive: row.isActive,
    })),
  };
}

/** Whether the rows differ from the saved rules (what Save would change). */
export function hasChanges(rows: readonly RuleRow[] | undefined, saved: readonly CommentRule[]): boolean {
  if (!rows) return false;
  return (
    JSON.stringify(toSaveRequest({ rules: [...rows] })) !==
    JSON.stringify(toSaveRequest(toRulesValues(saved)))
  );
}

export type KeywordsOutcome = {
  keywords: string[];
  /** What stays in the input (a keyword refused, or the part after the last comma). */
  rest: string;
  /** Why a keyword was refused, with the limit it broke. */
  problem: { key: TranslationKey; max: number } | null;
};

/** How many keywords a list takes, how long each may be, and the texts of the two refusals. */
export type KeywordLimits = {
  count: number;
  length: number;
  tooMany: TranslationKey;
  tooLong: TranslationKey;
};

/** A comment rule's keywords. */
export const RULE_KEYWORD_LIMITS: KeywordLimits = {
  count: RULE_LIMITS.keywords,
  length: RULE_LIMITS.keyword,
  tooMany: 'channels.commentRules.tooManyKeywords',
  tooLong: 'channels.commentRules.keywordTooLong',
};

/**
 * Adds what was typed to a rule's keywords: split at commas, trimmed, without repeating a keyword (in any
 * case). `isComplete` is false while typing, when the part after the last comma stays in the input. A keyword
 * longer than the limit, or one past the list's maximum, stays in the input with the reason.
 */
export function addKeywords(
  current: readonly string[],
  typed: string,
  isComplete: boolean,
  limits: KeywordLimits = RULE_KEYWORD_LIMITS,
): KeywordsOutcome {
  const parts = typed.split(/[,，]/);
  const pending = isComplete ? '' : (parts.pop() ?? '');
  const keywords = [...current];
  const known = new Set(keywords.map((keyword) => keyword.toLocaleLowerCase()));
  for (const [index, part] of parts.entries()) {
    const keyword = part.trim();
    if (!keyword || known.has(keyword.toLocaleLowerCase())) continue;
    const problem: KeywordsOutcome['problem'] =
      keyword.length > limits.length
        ? { key: limits.tooLong, max: limits.length }
        : keywords.length >= limits.count
          ? { key: limits.tooMany, max: limits.count }
          : null;
    if (problem) {
      const rest = [...parts.slice(index), ...(isComplete ? [] : [pending])]
        .map((item) => item.trim())
        .join(', ');
      return { keywords, rest, problem };
    }
    keywords.push(keyword);
    known.add(keyword.toLocaleLowerCase());
  }
  return { keywords, rest: pending.trimStart(), problem: null };
}

export type RuleField = 'keywords' | 'canned' | 'publicReply';

/** '/rules/0/keywords/2' (a validation detail's path) → [0, 'keywords']. */
export function ruleFieldOfPath(path: string): [number, RuleField] | null {
  const match = /^\/?rules\/(\d+)\/(keywords|cannedResponseId|publicReply)(?:\/|$)/.exec(path);
  if (!match) return null;
  const field = match[2] === 'cannedResponseId' ? 'canned' : (match[2] as RuleField);
  return [Number(match[1]), field];
}
