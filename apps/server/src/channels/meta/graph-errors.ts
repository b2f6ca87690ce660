// What a Graph API refusal means for the caller: a ChannelSendError with a stable code, retried or not.
import { ChannelSendError } from '../types';

export type GraphError = { error?: { message?: string; code?: number; error_subcode?: number } };

export function toSendError(status: number, body: GraphError): ChannelSendError {
  const code = body.error?.code;
  const subcode = body.error?.error_subcode;
  const message = body.error?.message ?? `Graph API answered ${status}`;
  if (code === 10 && subcode === 2018278)
    return new ChannelSendError('channel.reply_window_closed', message, false, status);
  if (code === 190) return new ChannelSendError('channel.token_invalid', message, false, status);
  // Transient (1, 2) and rate limits (4, 17, 32, 613) are retried with backoff; the rest will not improve.
  const retryable = status >= 500 || [1, 2, 4, 17, 32, 613].includes(code ?? -1);
  return new ChannelSendError(
    `meta.${code ?? status}${subcode ? `.${subcode}` : ''}`,
    message,
    retryable,
    status,
  );
}
