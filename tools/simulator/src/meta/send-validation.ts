// Validation of a Send API request (F.Meta 4; C.7 for Messenger, D.3 for Instagram). Returns the normalised
// request or the Graph error Meta would give.
import { isObject } from '../core/is-object';
import { GraphErrors } from './graph-errors';
import type { GraphErrorSpec } from './graph-errors';

export interface SendRequest {
  recipientId: string;
  message: Record<string, unknown> | null;
  senderAction: string | null;
  messagingType: string;
  tag: string | null;
}

const MESSAGING_TYPES = ['RESPONSE', 'UPDATE', 'MESSAGE_TAG'];
/** Announced retirement: error 100 since 2026-04-27 (C.7). */
const RETIRED_TAGS = ['ACCOUNT_UPDATE', 'CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE'];
const MESSENGER_TAGS = ['HUMAN_AGENT', 'CUSTOMER_FEEDBACK'];
const SENDER_ACTIONS = ['typing_on', 'typing_off', 'mark_seen'];
const ATTACHMENT_TYPES = {
  messenger: ['audio', 'file', 'image', 'template', 'video'],
  instagram: ['audio', 'image', 'template', 'video'],
};

/**
 * Graph takes form fields whose values are JSON strings (`recipient={"id":"…"}`, C.7); JSON bodies may do the
 * same. Decodes those values; anything that does not parse stays a string and fails validation later.
 */
export function decodeGraphParams(raw: Record<string, unknown>): Record<string, unknown> {
  const decoded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
      try {
        decoded[key] = JSON.parse(value) as unknown;
        continue;
      } catch {
        // left as text: validation reports the parameter
      }
    }
    decoded[key] = value;
  }
  return decoded;
}

/** Who a send goes to: a PSID/IGSID, or the author of a comment (a private reply). */
export type Recipient = { kind: 'id'; id: string } | { kind: 'comment'; commentId: string };

/** The recipient, or the error for a missing or unsupported recipient. */
export function readRecipient(params: Record<string, unknown>): Recipient | GraphErrorSpec {
  const recipient = params.recipient;
  if (recipient === undefined) return GraphErrors.param('The parameter recipient is required');
  if (!isObject(recipient)) return GraphErrors.param('Param recipient must be a JSON object');
  const kinds = ['id', 'comment_id', 'post_id', 'user_ref'].filter((key) => recipient[key] !== undefined);
  if (kinds.length > 1)
    return GraphErrors.param('Only one of recipient[id], [comment_id], [post_id] or [user_ref] may be set');
  const idOf = (value: unknown) =>
    typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
  const id = idOf(recipient.id);
  if (id !== null) return { kind: 'id', id };
  const commentId = idOf(recipient.comment_id);
  if (commentId !== null) return { kind: 'comment', commentId };
  if (recipient.comment_id !== undefined)
    return GraphErrors.param('Param recipient[comment_id] must be a valid ID string');
  if ('post_id' in recipient || 'user_ref' in recipient) {
    return GraphErrors.param('The simulator supports recipient.id and recipient.comment_id only');
  }
  return GraphErrors.param('Param recipient[id] must be a valid ID string (e.g., "123")');
}

/**
 * Validates everything but the recipient, for the platform the recipient belongs to. A private reply is a
 * message (no sender action) whose `messaging_type` may be left out and otherwise must be RESPONSE.
 */
export function validateSendRequest(
  params: Record<string, unknown>,
  platform: 'messenger' | 'instagram',
  recipientId: string,
  options: { isPrivateReply?: boolean } = {},
): SendRequest | GraphErrorSpec {
  const hasMessage = params.message !== undefined;
  const hasSenderAction = params.sender_action !== undefined;
  if (options.isPrivateReply) {
    if (hasSenderAction)
      return GraphErrors.param('Param sender_action cannot be sent to recipient[comment_id]');
    if (params.messaging_type !== undefined && params.messaging_type !== 'RESPONSE')
      return GraphErrors.param('A private reply (recipient[comment_id]) must use messaging_type RESPONSE');
  }
  if (hasMessage && hasSenderAction)
    return GraphErrors.param('Only one of message or sender_action may be set');
  if (!hasMessage && !hasSenderAction)
    return GraphErrors.param('The parameter message or sender_action is required');

  if (hasSenderAction) {
    // Sender actions go in their own request and need no messaging_type (C.7).
    if (typeof params.sender_action !== 'string' || !SENDER_ACTIONS.includes(params.sender_action)) {
      return GraphErrors.param(`Param sender_action must be one of {${SENDER_ACTIONS.join(', ')}}`);
    }
    return {
      recipientId,
      message: null,
      senderAction: params.sender_action,
      messagingType: 'RESPONSE',
      tag: null,
    };
  }

  const message = params.message;
  if (!isObject(message)) return GraphErrors.param('Param message must be a JSON object');
  const messageError = validateMessage(message, platform);
  if (messageError) return messageError;

  let messagingType = params.messaging_type;
  if (messagingType === undefined) {
    // Required on Messenger (C.7); Instagram's examples and private replies omit it and mean RESPONSE (D.3).
    if (platform === 'messenger' && !options.isPrivateReply)
      return GraphErrors.param('The parameter messaging_type is required');
    messagingType = 'RESPONSE';
  }
  if (typeof messagingType !== 'string' || !MESSAGING_TYPES.includes(messagingType)) {
    return GraphErrors.param(`Param messaging_type must be one of {${MESSAGING_TYPES.join(', ')}}`);
  }
  const tag = params.tag;
  if (tag !== undefined && messagingType !== 'MESSAGE_TAG') {
    return GraphErrors.param('Param tag can only be used with messaging_type MESSAGE_TAG');
  }
  if (messagingType === 'MESSAGE_TAG') {
    if (typeof tag !== 'string' || tag === '')
      return GraphErrors.param('The parameter tag is required with messaging_type MESSAGE_TAG');
    if (RETIRED_TAGS.includes(tag)) return GraphErrors.param(`The tag ${tag} has been retired`);
    // HUMAN_AGENT is the only tag Instagram knows (D.3).
    if (platform === 'instagram' && tag !== 'HUMAN_AGENT')
      return GraphErrors.param('Instagram supports only the HUMAN_AGENT tag');
    if (!MESSENGER_TAGS.includes(tag))
      return GraphErrors.param(`Param tag must be one of {${MESSENGER_TAGS.join(', ')}}`);
    if (tag === 'CUSTOMER_FEEDBACK' && !isFeedbackTemplate(message)) {
      return GraphErrors.param(
        'The CUSTOMER_FEEDBACK tag may only be used with the customer feedback template',
      );
    }
  }
  return {
    recipientId,
    message,
    senderAction: null,
    messagingType,
    tag: typeof tag === 'string' ? tag : null,
  };
}

function validateMessage(
  message: Record<string, unknown>,
  platform: 'messenger' | 'instagram',
): GraphErrorSpec | null {
  const hasText = message.text !== undefined;
  const hasAttachment = message.attachment !== undefined;
  if (hasText && hasAttachment)
    return GraphErrors.param('Only one of message[text] or message[attachment] may be set');
  if (!hasText && !hasAttachment)
    return GraphErrors.param('The parameter message[text] or message[attachment] is required');

  if (hasText) {
    const text = message.text;
    if (typeof text !== 'string' || text === '')
      return GraphErrors.param('Param message[text] must be a non-empty UTF-8 string');
    // Messenger counts characters and wants fewer than 2000 (C.7); Instagram counts UTF-8 bytes, at most 1000 (D.3).
    if (platform === 'messenger' && text.length >= 2000) {
      return GraphErrors.param('Length of param message[text] must be less than 2000 characters');
    }
    if (platform === 'instagram' && Buffer.byteLength(text, 'utf8') > 1000) {
      return GraphErrors.param('Length of param message[text] must be at most 1000 bytes (UTF-8)');
    }
  } else {
    const attachment = message.attachment;
    if (!isObject(attachment)) return GraphErrors.param('Param message[attachment] must be a JSON object');
    const allowed = ATTACHMENT_TYPES[platform];
    if (typeof attachment.type !== 'string' || !allowed.includes(attachment.type)) {
      return GraphErrors.param(`Param message[attachment][type] must be one of {${allowed.join(', ')}}`);
    }
    const payload = attachment.payload;
    if (!isObject(payload))
      return GraphErrors.param('Param message[attachment][payload] must be a JSON object');
    const hasSource =
      attachment.type === 'template'
        ? typeof payload.template_type === 'string'
        : (typeof payload.url === 'string' && /^https?:\/\/\S+$/.test(payload.url)) ||
          typeof payload.attachment_id === 'string';
    if (!hasSource) {
      return GraphErrors.param(
        attachment.type === 'template'
          ? 'Param message[attachment][payload][template_type] is required'
          : 'Param message[attachment][payload] needs a url or an attachment_id',
      );
    }
  }
  if (
    message.metadata !== undefined &&
    (typeof message.metadata !== 'string' || message.metadata.length >= 1000)
  ) {
    return GraphErrors.param('Param message[metadata] must be a string of fewer than 1000 characters');
  }
  if (
    message.quick_replies !== undefined &&
    (!Array.isArray(message.quick_replies) || message.quick_replies.length > 13)
  ) {
    return GraphErrors.param('Param message[quick_replies] must be an array of at most 13 items');
  }
  return null;
}

function isFeedbackTemplate(message: Record<string, unknown>): boolean {
  const attachment = message.attachment;
  return (
    isObject(attachment) &&
    isObject(attachment.payload) &&
    attachment.payload.template_type === 'customer_feedback'
  );
}
