// Types of the fake model endpoint: a chat request as scripted answers see it, and what scripts it.

/** Message roles the chat completions API accepts. */
export const AI_ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'] as const;
export type AiRole = (typeof AI_ROLES)[number];

/** A chat completion request as the fake model sees it: each message's content flattened to its text. */
export interface AiChatRequest {
  model: string;
  /** Text parts of an array content are joined; other parts (images, audio) count as no text. */
  messages: { role: AiRole; text: string }[];
  /** The system, developer and user texts joined by newlines: what string and RegExp rules search. */
  promptText: string;
  /** The last user message's text ('' without one). */
  lastUserText: string;
  stream: boolean;
  /** The JSON body as sent, for what the fields above leave out (temperature, max_tokens…). */
  body: Record<string, unknown>;
}

/** Which requests a scripted answer is for: a substring of or a pattern over the joined text, or a predicate. */
export type AnswerMatch = string | RegExp | ((request: AiChatRequest) => boolean);

/** A scripted answer: text, or text made from the request. */
export type AnswerReply = string | ((request: AiChatRequest) => string);

/** A scripted answer and the requests it is for. */
export interface AnswerRule {
  match: AnswerMatch;
  reply: AnswerReply;
}
