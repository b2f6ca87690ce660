// Reads a chat completion request body (API reference, "Create chat completion"): checks what a client can get
// wrong (model, messages, roles, content types, stream) and flattens the messages to text for the answers.
import { isObject } from '../core/is-object';
import type { RequestBody } from '../http/router';
import { OpenAiErrors } from './openai-errors';
import type { OpenAiError } from './openai-errors';
import { AI_ROLES } from './types';
import type { AiChatRequest, AiRole } from './types';

/** The roles whose texts string and RegExp rules search: the instructions and what the customer side said. */
const PROMPT_ROLES: readonly AiRole[] = ['system', 'developer', 'user'];

/** The request, or the 400 error OpenAI would answer. */
export function readChatRequest(body: RequestBody): { request: AiChatRequest } | { error: OpenAiError } {
  if (body.kind !== 'json' && body.kind !== 'empty') return { error: OpenAiErrors.invalidJson() };
  const value = body.kind === 'json' ? body.value : {};
  if (!isObject(value)) return { error: OpenAiErrors.invalidJson() };
  if (typeof value.model !== 'string' || value.model === '') return { error: OpenAiErrors.missingModel() };
  if (value.stream !== undefined && value.stream !== null && typeof value.stream !== 'boolean')
    return { error: OpenAiErrors.invalidType('stream', 'a boolean', value.stream) };

  const raw = value.messages;
  if (raw === undefined) return { error: OpenAiErrors.missingParameter('messages') };
  if (!Array.isArray(raw)) return { error: OpenAiErrors.invalidType('messages', 'an array of objects', raw) };
  if (raw.length === 0) return { error: OpenAiErrors.emptyArray('messages') };
  const messages: AiChatRequest['messages'] = [];
  for (const [index, message] of raw.entries()) {
    const param = `messages[${index}]`;
    if (!isObject(message)) return { error: OpenAiErrors.invalidType(param, 'an object', message) };
    const role = AI_ROLES.find((r) => r === message.role);
    if (!role) return { error: OpenAiErrors.invalidRole(`${param}.role`, message.role) };
    const content = contentText(role, message.content, `${param}.content`);
    if ('error' in content) return content;
    messages.push({ role, text: content.text });
  }

  const userTexts = messages.filter((m) => m.role === 'user').map((m) => m.text);
  return {
    request: {
      model: value.model,
      messages,
      promptText: messages
        .filter((m) => PROMPT_ROLES.includes(m.role))
        .map((m) => m.text)
        .join('\n'),
      lastUserText: userTexts.at(-1) ?? '',
      stream: value.stream === true,
      body: value,
    },
  };
}

/**
 * A message's text: a string, or the text parts of an array joined; an assistant message may have none (it
 * called tools instead).
 */
function contentText(
  role: AiRole,
  content: unknown,
  param: string,
): { text: string } | { error: OpenAiError } {
  if (typeof content === 'string') return { text: content };
  if ((content === undefined || content === null) && role === 'assistant') return { text: '' };
  if (content === undefined) return { error: OpenAiErrors.missingParameter(param) };
  if (!Array.isArray(content))
    return { error: OpenAiErrors.invalidType(param, 'one of a string or array of objects', content) };
  const texts = content.flatMap((part) =>
    isObject(part) && part.type === 'text' && typeof part.text === 'string' ? [part.text] : [],
  );
  return { text: texts.join('\n') };
}
