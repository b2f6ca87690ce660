// A channel's survey settings (channel settings, scope all): off with the default texts until saved.
import { CSAT_DEFAULT_TEXTS, type CsatSettings } from '@sabai/contracts';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../../ports';
import { findChannel } from '../channels';
import * as repo from './csat.repo';

async function channelOf(deps: Deps, auth: AuthContext, channelId: string) {
  const channel = await findChannel(deps.db.orm, auth.organizationId, channelId);
  if (!channel || channel.deletedAt) throw notFound('channel.not_found');
  return channel;
}

const present = (row: repo.SettingsRow | null): CsatSettings =>
  row
    ? {
        enabled: row.enabled,
        question: { en: row.questionEn, th: row.questionTh },
        thankYou: { en: row.thankYouEn, th: row.thankYouTh },
      }
    : {
        enabled: false,
        question: { ...CSAT_DEFAULT_TEXTS.question },
        thankYou: { ...CSAT_DEFAULT_TEXTS.thankYou },
      };

export async function getSettings(deps: Deps, auth: AuthContext, channelId: string) {
  await channelOf(deps, auth, channelId);
  return present(await repo.findSettings(deps.db.orm, channelId));
}

export async function saveSettings(deps: Deps, auth: AuthContext, channelId: string, input: CsatSettings) {
  await channelOf(deps, auth, channelId);
  await repo.saveSettings(
    deps.db.orm,
    {
      channelId,
      organizationId: auth.organizationId,
      enabled: input.enabled,
      questionEn: input.question.en,
      questionTh: input.question.th,
      thankYouEn: input.thankYou.en,
      thankYouTh: input.thankYou.th,
    },
    deps.clock.now(),
  );
  return getSettings(deps, auth, channelId);
}
