// What the fake model answers, deterministically: the first scripted rule that matches, else `[fake] ` and the
// last user message (so a test sees what reached the model); its token counts; and how a stream splits it.
import type { AiChatRequest, AnswerRule } from './types';

/** Streamed pieces are words with their trailing spaces, and at most this many code points. */
const MAX_PIECE_CHARS = 8;

/** The answer of the first matching rule, or the default answer. */
export function answerFor(rules: readonly AnswerRule[], request: AiChatRequest): string {
  const rule = rules.find(({ match }) => {
    if (typeof match === 'string') return request.promptText.includes(match);
    // `search` ignores `lastIndex`, so a global pattern matches every time.
    if (match instanceof RegExp) return request.promptText.search(match) !== -1;
    return match(request);
  });
  if (!rule) return `[fake] ${request.lastUserText}`;
  return typeof rule.reply === 'string' ? rule.reply : rule.reply(request);
}

/** Token usage: ceil(characters / 4), counting Unicode code points, of the messages' texts and of the answer. */
export function usageOf(request: AiChatRequest, answer: string) {
  const promptTokens = tokenCount(request.messages.map((m) => m.text).join('\n'));
  const completionTokens = tokenCount(answer);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

function tokenCount(text: string): number {
  return Math.ceil([...text].length / 4);
}

/**
 * The answer in stream pieces: each word with its trailing whitespace, long words (and Thai, written without
 * spaces) cut every few code points, so a client always sees several deltas that join back to the answer.
 */
export function streamPieces(answer: string): string[] {
  const pieces: string[] = [];
  for (const word of answer.match(/\s*\S+\s*|\s+/g) ?? []) {
    const chars = [...word];
    for (let i = 0; i < chars.length; i += MAX_PIECE_CHARS)
      pieces.push(chars.slice(i, i + MAX_PIECE_CHARS).join(''));
  }
  return pieces;
}
