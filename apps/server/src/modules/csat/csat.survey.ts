// Sending the survey when an issue's service ended, and recording the customer's answer (the inbound
// worker finds the answers: inbound/csat-answers.ts). docs/decisions/support-tools.md "Customer satisfaction".
import { CSAT_COMMENT_WINDOW_MINUTES, CSAT_RATINGS, type QuickReply } from '@sabai/contracts';
import { SOCIAL_STANDARD_WINDOW_MS } from '@sabai/domain';
import type { Deps } from '../../deps';
import type { Executor } from '../../platform/db';
import { publishEvent, recordOutgoingEvent } from '../../platform/events';
import type { JobOf } from '../../platform/jobs';
import { recordActivity, type SERVICE_ENDED_JOB } from '../issues';
import { queueSystemMessage } from '../messages';
import * as repo from './csat.repo';

/** How long after a rating the customer's next text is taken as their comment. */
const COMMENT_WINDOW_MS = CSAT_COMMENT_WINDOW_MINUTES * 60_000;

const STAR = '⭐';

/** The five buttons: one star to five, each answering with its stars. */
export const RATING_BUTTONS: QuickReply[] = CSAT_RATINGS.map((r) => ({
  type: 'text',
  label: STAR.repeat(r),
  text: STAR.repeat(r),
}));

/** The rating a tapped button's label gives, or null for a label that is not one of ours. */
export function ratingOf(label: string): number | null {
  const stars = [...label].filter((c) => c === STAR).length;
  return stars >= 1 && stars <= 5 && label === STAR.repeat(stars) ? stars : null;
}

/** Thai when the customer writes Thai, English when they write Latin letters only, else Thai. */
export function surveyLanguage(customerTexts: string[]): 'en' | 'th' {
  for (const text of customerTexts) {
    if (/[\u0E00-\u0E7F]/.test(text)) return 'th';
    if (/[A-Za-z]/.test(text)) return 'en';
  }
  return 'th';
}

/** Why no survey goes out now, or null when it may: on, a chat, once, inside the platform's window. */
export function surveyRefusal(c: repo.SurveyContext, now: Date): string | null {
  if (!c.settings?.enabled) return 'disabled';
  if (!c.channelActive) return 'channel inactive';
  if (c.kind !== 'conversation') return 'not a chat';
  if (c.status !== 'resolved-success' && c.status !== 'close') return 'service not ended';
  // LINE: whenever the account may push (the customer did not block it); Meta: inside the standard window.
  if (c.channelType === 'line') return c.isFollowing === false ? 'customer blocked the account' : null;
  const sinceCustomer = c.lastInboundAt ? now.getTime() - c.lastInboundAt.getTime() : Infinity;
  return sinceCustomer <= SOCIAL_STANDARD_WINDOW_MS ? null : 'outside the 24-hour window';
}

/** The job: asks the customer of an issue whose service ended for a rating, at most once per issue. */
export async function sendSurvey(deps: Deps, job: JobOf<typeof SERVICE_ENDED_JOB>) {
  const { issueId } = job.data;
  await deps.db.orm.transaction(async (tx) => {
    const context = await repo.surveyContext(tx, issueId);
    if (!context) return;
    const now = deps.clock.now();
    const refusal = surveyRefusal(context, now);
    if (refusal) {
      deps.logger.debug({ issueId, refusal }, 'no satisfaction survey');
      return;
    }
    const settings = context.settings!;
    const language = surveyLanguage(context.customerTexts);
    const surveyId = await repo.insertSurvey(tx, {
      organizationId: context.organizationId,
      issueId,
      channelId: context.channelId,
      identityId: context.identityId,
      teamId: context.teamId,
      agentUserId: context.agentUserId,
      language,
      sentAt: now,
    });
    if (surveyId === null) return;
    const messageId = await queueSystemMessage(deps, tx, {
      organizationId: context.organizationId,
      issueId,
      channelId: context.channelId,
      text: language === 'th' ? settings.questionTh : settings.questionEn,
      at: now,
      payload: { quickReplies: RATING_BUTTONS, standardWindowOnly: true, csat: 'question' },
    });
    await repo.setSurveyMessage(tx, surveyId, messageId);
    await recordActivity(tx, {
      organizationId: context.organizationId,
      issueId,
      kind: 'csat_sent',
      createdAt: now,
    });
    await surveyChanged(tx, context.organizationId, issueId);
  });
}

/**
 * Records a tap on the survey's buttons (the first rating counts) and thanks the customer, inviting a
 * comment; inside the inbound transaction. Resolves to whether it was recorded.
 */
export async function recordSurveyRating(
  deps: Deps,
  tx: Executor,
  survey: repo.Survey,
  v: { rating: number; at: Date },
) {
  const recorded = await repo.recordRating(tx, survey.id, {
    rating: v.rating,
    at: v.at,
    commentUntil: new Date(v.at.getTime() + COMMENT_WINDOW_MS),
  });
  if (!recorded) return false;
  await recordActivity(tx, {
    organizationId: survey.organizationId,
    issueId: survey.issueId,
    kind: 'csat_rated',
    data: { rating: v.rating },
    createdAt: v.at,
  });
  const settings = await repo.findSettings(tx, survey.channelId);
  if (settings) {
    await queueSystemMessage(deps, tx, {
      organizationId: survey.organizationId,
      issueId: survey.issueId,
      channelId: survey.channelId,
      text: survey.language === 'th' ? settings.thankYouTh : settings.thankYouEn,
      at: deps.clock.now(),
      payload: { standardWindowOnly: true, csat: 'thanks' },
    });
  }
  await surveyChanged(tx, survey.organizationId, survey.issueId);
  await ratingReceived(tx, survey);
  return true;
}

/** Records the customer's comment on their rating. */
export async function recordSurveyComment(
  tx: Executor,
  survey: repo.Survey,
  v: { comment: string; at: Date },
) {
  await repo.recordComment(tx, survey.id, v.comment);
  await recordActivity(tx, {
    organizationId: survey.organizationId,
    issueId: survey.issueId,
    kind: 'csat_commented',
    data: { comment: v.comment },
    createdAt: v.at,
  });
  await surveyChanged(tx, survey.organizationId, survey.issueId);
  await ratingReceived(tx, survey);
}

/** Whether a customer message at `at` is taken as the comment of `survey`. */
export function awaitsComment(survey: repo.Survey, at: Date) {
  return (
    survey.rating !== null &&
    survey.comment === null &&
    survey.commentUntil !== null &&
    at.getTime() <= survey.commentUntil.getTime()
  );
}

/** The answer (a rating, then its comment) is news to the integrations (outgoing webhooks). */
const ratingReceived = (tx: Executor, survey: repo.Survey) =>
  recordOutgoingEvent(tx, {
    organizationId: survey.organizationId,
    type: 'csat.received',
    data: { issueId: survey.issueId, surveyId: survey.id },
  });

const surveyChanged = (tx: Executor, organizationId: string, issueId: number) =>
  publishEvent(tx, {
    name: 'issue.updated',
    organizationId,
    data: { issueId, fields: ['csat'] },
  });
