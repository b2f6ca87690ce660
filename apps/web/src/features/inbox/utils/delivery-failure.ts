// Why a reply was not delivered, in the reader's language. The server keeps the platform's
// answer as "<code>: <the platform's words>" (`line.400: …`, `meta.100: …`, `channel.token_invalid: …`).
import type { TFunction } from 'i18next';

const PLATFORMS: Record<string, string> = { line: 'LINE', meta: 'Meta' };

export function deliveryFailure(t: TFunction, providerError: string | null): string | null {
  if (!providerError) return null;
  const colon = providerError.indexOf(': ');
  const code = colon === -1 ? providerError : providerError.slice(0, colon);
  const detail = colon === -1 ? code : providerError.slice(colon + 2);
  if (code === 'channel.reply_window_closed') return t('inbox.delivery.reasons.windowClosed');
  if (code === 'channel.token_invalid') return t('inbox.delivery.reasons.tokenInvalid');
  if (code === 'channel.line_standby') return t('inbox.delivery.reasons.standby');
  const platform = PLATFORMS[code.split('.')[0]!];
  if (!platform) return t('inbox.delivery.reasons.other', { detail });
  const reason = code.endsWith('.network') ? 'network' : 'refused';
  return t(`inbox.delivery.reasons.${reason}`, { platform, detail });
}
