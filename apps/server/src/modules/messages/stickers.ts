// The sticker picker's catalogue: LINE's sendable packages, and the stickers the agent sent lately first.
import { LINE_SENDABLE_STICKERS, isSendableSticker, stickerIdsOf, stickerImageUrl } from '@sabai/domain';
import type { StickerCatalogue } from '@sabai/contracts';
import type { Deps } from '../../deps';
import type { AuthContext } from '../../ports';
import * as repo from './messages.repo';

const RECENT_MAX = 16;

export async function stickerCatalogue(deps: Deps, auth: AuthContext): Promise<StickerCatalogue> {
  const base = deps.config.STICKER_IMAGE_BASE_URL;
  const choice = (packageId: string, stickerId: string) => ({
    packageId,
    stickerId,
    imageUrl: stickerImageUrl(base, stickerId),
  });
  const recent = await repo.recentStickers(deps.db.orm, auth.organizationId, auth.userId, RECENT_MAX);
  return {
    recent: recent
      .filter((s) => isSendableSticker(s.packageId, s.stickerId))
      .map((s) => choice(s.packageId, s.stickerId)),
    packages: LINE_SENDABLE_STICKERS.map((p) => ({
      packageId: p.packageId,
      stickers: stickerIdsOf(p).map((id) => choice(p.packageId, id)),
    })),
  };
}
