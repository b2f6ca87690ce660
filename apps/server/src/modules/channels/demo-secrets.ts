// Production never receives webhooks signed with a published secret: the demo LINE
// channel secrets are in the README and the seed, so anyone could forge a customer on a channel holding
// one. The seeded demo channels themselves (their own channel and bot ids) are left alone: an installation
// that started as the demo keeps its demo organisation, and the benches run production on demo data.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { channels, organizations } from '../../db/schema';
import { DEMO_LINE, SECOND_LINE } from '../../db/seed';
import type { Cipher } from '../../platform/crypto';
import type { Executor } from '../../platform/db';

const DEMO_CHANNELS = [DEMO_LINE, SECOND_LINE];
const DEMO_SECRETS = new Set(DEMO_CHANNELS.map((c) => c.secret));

export type ChannelOnDemoSecret = { name: string; channelId: string; organization: string };

/** LINE channels (not deleted, other than the seeded demo ones) whose channel secret is a demo one. */
export async function findChannelsOnDemoSecret(ex: Executor, cipher: Cipher): Promise<ChannelOnDemoSecret[]> {
  const rows = await ex
    .select({
      name: channels.name,
      channelId: channels.externalId,
      botUserId: channels.botUserId,
      secretEncrypted: channels.secretEncrypted,
      organization: organizations.name,
    })
    .from(channels)
    .innerJoin(organizations, eq(organizations.id, channels.organizationId))
    .where(and(eq(channels.type, 'line'), isNull(channels.deletedAt), isNotNull(channels.secretEncrypted)));
  return rows
    .filter((r) => !DEMO_CHANNELS.some((d) => d.channelId === r.channelId && d.botUserId === r.botUserId))
    .filter((r) => DEMO_SECRETS.has(decryptOrNull(cipher, r.secretEncrypted!) ?? ''))
    .map(({ name, channelId, organization }) => ({ name, channelId, organization }));
}

/** A secret sealed under another key cannot be read, so it cannot be the demo one either. */
function decryptOrNull(cipher: Cipher, sealed: string): string | null {
  try {
    return cipher.decrypt(sealed);
  } catch {
    return null;
  }
}
