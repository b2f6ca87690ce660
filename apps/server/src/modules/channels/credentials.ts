// Decrypted provider credentials of a channel, and a short-lived cache of LINE webhook secrets so the
// webhook answers without a database round trip on the hot path.
import type { ChannelCredentials } from '../../channels';
import type { Deps } from '../../deps';
import * as repo from './channels.repo';

const SECRET_TTL_MS = 10_000;
const lineSecrets = new Map<string, { secret: string | null; expiresAt: number }>();

/** The credentials the adapters need, decrypted. */
export function credentialsOf(deps: Deps, row: repo.ChannelRow): ChannelCredentials {
  return {
    type: row.type,
    externalId: row.externalId,
    secret: row.secretEncrypted ? deps.cipher.decrypt(row.secretEncrypted) : null,
    accessToken: row.accessTokenEncrypted ? deps.cipher.decrypt(row.accessTokenEncrypted) : '',
    pageId: row.pageId,
  };
}

/** The channel secret of the active LINE channel `channelId`, or null when no organisation owns it. */
export async function lineWebhookSecret(deps: Deps, channelId: string): Promise<string | null> {
  const now = Date.now();
  const cached = lineSecrets.get(channelId);
  if (cached && cached.expiresAt > now) return cached.secret;
  const row = await repo.findActiveByExternalId(deps.db.orm, ['line'], channelId);
  const secret = row?.secretEncrypted ? deps.cipher.decrypt(row.secretEncrypted) : null;
  lineSecrets.set(channelId, { secret, expiresAt: now + SECRET_TTL_MS });
  return secret;
}

/** Drops a cached secret after the channel changed (this process; others expire within the TTL). */
export function forgetLineSecret(channelId: string) {
  lineSecrets.delete(channelId);
}
