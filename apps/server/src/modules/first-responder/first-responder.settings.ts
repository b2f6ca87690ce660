// A channel's first responder settings (channel settings, scope all) and its report (the dashboard's people).
import {
  FIRST_RESPONDER_DEFAULTS,
  FIRST_RESPONDER_HAND_OVER_REASONS,
  type FirstResponderReport,
  type FirstResponderReportQuery,
  type FirstResponderSettings,
} from '@sabai/contracts';
import { addDays, periodProblem, startOfLocalDay } from '@sabai/domain';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../../ports';
import { findChannel } from '../channels';
import { organizationTimeZone } from '../organizations';
import * as repo from './first-responder.repo';
import { forgetEnabledChannels } from './first-responder.service';

async function channelOf(deps: Deps, auth: AuthContext, channelId: string) {
  const channel = await findChannel(deps.db.orm, auth.organizationId, channelId);
  if (!channel || channel.deletedAt) throw notFound('channel.not_found');
  return channel;
}

const present = (row: repo.SettingsRow | null): FirstResponderSettings =>
  row
    ? {
        enabled: row.enabled,
        when: row.when,
        unassignedMinutes: row.unassignedMinutes,
        handOverWords: row.handOverWords,
        confidenceThreshold: row.confidenceThreshold,
        label: row.label,
      }
    : { ...FIRST_RESPONDER_DEFAULTS, handOverWords: [] };

export async function getSettings(deps: Deps, auth: AuthContext, channelId: string) {
  await channelOf(deps, auth, channelId);
  return present(await repo.findSettings(deps.db.orm, channelId));
}

export async function saveSettings(
  deps: Deps,
  auth: AuthContext,
  channelId: string,
  input: FirstResponderSettings,
) {
  await channelOf(deps, auth, channelId);
  await repo.saveSettings(
    deps.db.orm,
    {
      channelId,
      organizationId: auth.organizationId,
      ...input,
      handOverWords: [...new Set(input.handOverWords)],
    },
    deps.clock.now(),
  );
  forgetEnabledChannels();
  return getSettings(deps, auth, channelId);
}

/** The period's figures, days counted in the organisation's time zone. */
export async function report(
  deps: Deps,
  auth: AuthContext,
  q: FirstResponderReportQuery,
): Promise<FirstResponderReport> {
  const problem = periodProblem({ from: q.from, to: q.to });
  if (problem) throw badRequest(problem);
  const timeZone = await organizationTimeZone(deps.db.orm, auth.organizationId);
  const from = new Date(startOfLocalDay(q.from, timeZone));
  const to = new Date(startOfLocalDay(addDays(q.to, 1), timeZone));
  const figures = await repo.reportFigures(deps.db.orm, auth.organizationId, from, to);
  const handedOverBy = Object.fromEntries(FIRST_RESPONDER_HAND_OVER_REASONS.map((r) => [r, 0])) as Record<
    (typeof FIRST_RESPONDER_HAND_OVER_REASONS)[number],
    number
  >;
  for (const { reason, count } of figures.handedOver) if (reason) handedOverBy[reason] += count;
  const { responses, satisfied } = figures.csat;
  return {
    answeredIssues: figures.answeredIssues,
    aiAnswers: figures.aiAnswers,
    handedOver: Object.values(handedOverBy).reduce((a, b) => a + b, 0),
    handedOverBy,
    csat: {
      responses,
      satisfied,
      percent: responses ? Math.round((satisfied / responses) * 1000) / 10 : null,
    },
  };
}
