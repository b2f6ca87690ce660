// The AI first responder. The ingest only queues a job for the issues a batch
// touched on channels with the responder on (firstResponderJobs, from a cached list: no read per batch);
// the job decides and answers each outside any transaction the ingest holds. It never holds an issue back from people:
// it speaks only while nobody is assigned, and an agent's message or assignment silences it.
import { z } from 'zod';
import type { FirstResponderHandOverReason } from '@sabai/contracts';
import { FIRST_RESPONDER_MAX_TURNS } from '@sabai/contracts';
import {
  customerLanguage,
  findKeyword,
  isOpenStatus,
  isWithinBusinessHours,
  localTime,
  withoutPersonalData,
  type TextLanguage,
} from '@sabai/domain';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/app-error';
import { defineJob, jobToSend, type JobOf, type JobToSend } from '../../platform/jobs';
import { isDrainingBacklog } from '../../platform/ingest-queue';
import { createLimiter } from '../../platform/limiter';
import { memoize } from '../../platform/memoize';
import { refreshedEvery } from '../../platform/refreshed';
import { completeWithAi, enabledFeaturesOf, type AiFeature } from '../ai';
import { requestBacklogHandOut } from '../assignment';
import { lineOf, summaryPrompt, type ConversationLine } from '../assist';
import { findRoutingRules } from '../channels';
import { searchArticles } from '../knowledge-base';
import { writeAutomatedMessage } from '../messages';
import * as prompts from './first-responder.prompts';
import * as repo from './first-responder.repo';

/**
 * One job per ingest batch, not per message: the latest customer message of each issue the batch touched,
 * each answered on its own. (A job row per message, and its fetch, slowed the ingest of a burst of new
 * customers to 81–86% of its speed without the responder: bench/first-responder.ts.)
 */
export const FIRST_RESPONDER_JOB = defineJob(
  'ai.first-responder',
  z.object({
    messages: z.array(z.object({ issueId: z.number().int(), messageId: z.number().int() })).min(1),
  }),
  // A failed run is not retried: the issue is with people as usual. A batch waits for its slowest answers.
  { retryLimit: 0, expireInSeconds: 3600 },
);

/** Articles offered to the model at most (those at or above the channel's threshold). */
const ARTICLES = 3;
/** An article's text offered to the model, at most. */
const ARTICLE_CHARS = 2000;
/** Messages of the conversation the model reads. */
const CONVERSATION_MESSAGES = 20;
const ANSWER_MAX_TOKENS = 500;

/**
 * Answers in progress in this process at most: each holds nothing while the model thinks, but reads and
 * writes around it one statement at a time, where the ingest stores a batch in a few. 48 serve 10 new
 * customers a second with room to spare; while the ingest drains a backlog (a burst of customers) only 2,
 * so that the messages are stored first and answered right after (at 48 at once, the ingest of a burst
 * ran at about 70% of its speed). Never 0: an ingest behind for long still sees customers answered.
 */
const ANSWERS_AT_ONCE = 48;
const ANSWERS_AT_ONCE_BEHIND_INGEST = 2;
const limiters = new WeakMap<Deps['db'], ReturnType<typeof createLimiter>>();
function answeringFor({ db }: Deps) {
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = createLimiter(() => (isDrainingBacklog(db) ? ANSWERS_AT_ONCE_BEHIND_INGEST : ANSWERS_AT_ONCE));
    limiters.set(db, limiter);
  }
  return limiter;
}

/** Channels with the responder on; another process's change is seen within this time. */
const enabledChannels = refreshedEvery(15_000, repo.enabledChannels);

/** Forgets the cached list of channels with the responder on (this process saved a channel's settings). */
export const forgetEnabledChannels = () => enabledChannels.forget();

/**
 * The first responder's jobs for messages an ingest batch stored, for the latest message of each issue on a
 * channel with the responder on: one job now for those it answers outside business hours, and one after
 * each channel's minutes for those it answers when nobody took them (an issue already assigned is not).
 */
export async function firstResponderJobs(
  ex: Parameters<typeof enabledChannels.get>[0],
  stored: ReadonlyArray<{
    channelId: string;
    issueId: number;
    messageId: number;
    assigneeUserId: string | null;
  }>,
): Promise<JobToSend[]> {
  if (stored.length === 0) return [];
  const on = await enabledChannels.get(ex);
  if (on.size === 0) return [];
  const latest = new Map<number, (typeof stored)[number]>();
  for (const m of stored)
    if (on.has(m.channelId) && (latest.get(m.issueId)?.messageId ?? 0) < m.messageId)
      latest.set(m.issueId, m);
  const now: Answer[] = [];
  const later = new Map<number, Answer[]>();
  for (const { channelId, issueId, messageId, assigneeUserId } of latest.values()) {
    const { when, unassignedMinutes } = on.get(channelId)!;
    if (when !== 'unassigned') now.push({ issueId, messageId });
    if (when !== 'outsideHours' && assigneeUserId === null)
      later.set(unassignedMinutes, [...(later.get(unassignedMinutes) ?? []), { issueId, messageId }]);
  }
  return [
    ...(now.length ? [jobToSend(FIRST_RESPONDER_JOB, { messages: now })] : []),
    ...[...later].map(([minutes, messages]) =>
      jobToSend(FIRST_RESPONDER_JOB, { messages }, { startAfter: minutes * 60 }),
    ),
  ];
}

type Issue = repo.JobContext['issue'];
type Context = {
  deps: Deps;
  issue: Issue;
  settings: repo.SettingsRow;
  messageId: number;
  language: TextLanguage | null;
  /** What the customer wrote since the responder last answered, oldest first. */
  newTexts: string[];
};

/** What the answers of one job read once: organisations' AI features, channels' hours. */
type Shared = {
  features: (organizationId: string) => Promise<AiFeature[]>;
  hours: (channelId: string) => ReturnType<typeof findRoutingRules>;
};

/**
 * The job: each message's answer, side by side within the process's limit. What decides whether a message
 * is answered at all (its issue, the channel's settings, the latest messages) is read for the whole job
 * with two statements: most messages are not (an agent has the issue, or it is business hours).
 */
export async function runFirstResponder(deps: Deps, job: JobOf<typeof FIRST_RESPONDER_JOB>) {
  const shared: Shared = {
    features: memoize((organizationId: string) => enabledFeaturesOf(deps, organizationId)),
    hours: memoize((channelId: string) => findRoutingRules(deps.db.orm, channelId)),
  };
  const contexts = await repo.findJobContexts(deps.db.orm, [
    ...new Set(job.data.messages.map((m) => m.issueId)),
  ]);
  const candidates = job.data.messages.flatMap((m) => {
    const found = contexts.get(m.issueId);
    return found && mayAnswer(found, m.messageId) ? [{ ...m, found }] : [];
  });
  const recent = await repo.latestMessagesOf(
    deps.db.orm,
    [...new Set(candidates.map((m) => m.issueId))],
    CONVERSATION_MESSAGES,
  );
  const results = await Promise.allSettled(
    candidates.map((m) =>
      answeringFor(deps)(() => answerOrHandOver(deps, shared, m, m.found, recent.get(m.issueId) ?? [])),
    ),
  );
  const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  // One issue's failure leaves the others answered; the job fails (and is logged) for it.
  if (failed.length) throw failed[0];
}

type Answer = { issueId: number; messageId: number };

/** Whether the issue may still get an answer to the message: open, nobody's, the responder on, not answered past it. */
function mayAnswer({ issue, settings, state }: repo.JobContext, messageId: number) {
  if (issue.channelDeletedAt || issue.assigneeUserId || !isOpenStatus(issue.status)) return false;
  if (!settings?.enabled) return false;
  return !(state?.handedOverAt || (state && state.lastMessageId >= messageId));
}

/** Answers the customer's latest message from the knowledge base, or hands over; see the module. */
async function answerOrHandOver(
  deps: Deps,
  shared: Shared,
  { issueId, messageId }: Answer,
  found: repo.JobContext,
  recent: repo.RecentMessage[],
) {
  const db = deps.db.orm;
  const { issue, organization, state } = found;
  const settings = found.settings!;
  if (!(await shared.features(issue.organizationId)).includes('firstResponder')) return;
  // A newer message has its own job; an agent who wrote meanwhile is answering.
  const latest = latestCustomerMessageIn(recent);
  if (!latest || latest.id !== messageId || latest.agentAfter) return;
  if (!(await isDue(deps, shared, { issue, settings, timeZone: organization.timeZone }, latest.createdAt)))
    return;

  // The customer's words since the last answer (those among the conversation's latest messages).
  const answeredUpTo = state?.lastMessageId ?? 0;
  const newTexts = recent
    .filter((m) => m.senderType === 'customer' && m.id > answeredUpTo && m.id <= messageId && m.text?.trim())
    .map((m) => m.text!)
    .reverse();
  const conversation = linesOf(recent);
  const language = customerLanguage(
    conversation
      .filter((l) => l.from === 'customer')
      .map((l) => l.text)
      .reverse(),
  );
  const ctx: Context = { deps, issue, settings, messageId, language, newTexts };

  const trigger = handOverTrigger(newTexts, settings.handOverWords, state?.answers ?? 0);
  if (trigger) return handOver(ctx, trigger);
  const query = withoutPersonalData(newTexts.join('\n'));
  const articles = query.trim()
    ? (await searchArticles(db, issue.organizationId, query, { limit: ARTICLES, withTags: false })).filter(
        (a) => a.score >= settings.confidenceThreshold,
      )
    : [];
  // Nothing to answer from: no request at all.
  if (articles.length === 0) return handOver(ctx, 'notConfident');

  let answer: string;
  try {
    const result = await completeWithAi(deps, {
      organizationId: issue.organizationId,
      userId: null,
      issueId,
      feature: 'firstResponder',
      maxTokens: ANSWER_MAX_TOKENS,
      messages: prompts.answerPrompt({
        organizationName: organization.name,
        conversation,
        articles: articles.map((a) => ({ title: a.title, text: a.body.slice(0, ARTICLE_CHARS) })),
        customerLanguage: language,
      }),
    });
    answer = result.text;
  } catch (err) {
    // Down, slow, rate-limited, over budget, turned off meanwhile: silent, people take it.
    if (err instanceof AppError) return handOver(ctx, 'aiFailed');
    throw err;
  }
  if (prompts.saysHandOver(answer)) return handOver(ctx, 'notConfident');
  await writeAnswer(ctx, answer);
}

/** The latest customer message among `newestFirst`, and whether an agent wrote to the customer after it. */
function latestCustomerMessageIn(
  newestFirst: ReadonlyArray<{ id: number; senderType: string; createdAt: Date }>,
) {
  const at = newestFirst.findIndex((m) => m.senderType === 'customer');
  if (at < 0) return null;
  const { id, createdAt } = newestFirst[at]!;
  return { id, createdAt, agentAfter: newestFirst.slice(0, at).some((m) => m.senderType === 'agent') };
}

/** Outside the channel's business hours (a holiday counts), or unanswered by people for the minutes set. */
async function isDue(
  deps: Deps,
  shared: Shared,
  on: { issue: Issue; settings: repo.SettingsRow; timeZone: string },
  customerAt: Date,
) {
  const now = deps.clock.now();
  const { issue, settings, timeZone } = on;
  if (settings.when !== 'unassigned' && (await outsideHours(shared, issue, timeZone, now))) return true;
  if (settings.when === 'outsideHours') return false;
  // A second of slack: the delayed job may start a moment before the minute it was set for.
  return now.getTime() - customerAt.getTime() >= settings.unassignedMinutes * 60_000 - 1000;
}

async function outsideHours(shared: Shared, issue: Issue, timeZone: string, now: Date) {
  const rules = await shared.hours(issue.channelId);
  const today = localTime(now, timeZone).date;
  if (rules.holidays.some((h) => h.date === today)) return true;
  return !isWithinBusinessHours(issue.businessHoursMode, rules.shifts, now, timeZone);
}

/** Why the customer's new words hand the issue over, if they do (checked before anything is asked). */
export function handOverTrigger(
  newTexts: readonly string[],
  adminWords: readonly string[],
  answers: number,
): FirstResponderHandOverReason | null {
  const text = newTexts.join('\n');
  if (findKeyword(text, prompts.ASKS_FOR_PERSON)) return 'askedForPerson';
  if (adminWords.length > 0 && findKeyword(text, adminWords)) return 'handOverWord';
  if (answers >= FIRST_RESPONDER_MAX_TURNS) return 'turnLimit';
  return null;
}

/** The conversation's lines, oldest first, from its latest messages newest first. */
const linesOf = (newestFirst: Parameters<typeof lineOf>[0][]): ConversationLine[] =>
  [...newestFirst].reverse().map(lineOf);

async function conversationOf(deps: Deps, issueId: number) {
  return linesOf(await repo.latestMessages(deps.db.orm, issueId, CONVERSATION_MESSAGES));
}

/** Writes the answer under the label, if nothing changed meanwhile (assigned, answered, a newer message). */
async function writeAnswer(ctx: Context, answer: string) {
  const { deps, issue, settings, messageId } = ctx;
  const now = deps.clock.now();
  await deps.db.orm.transaction(async (tx) => {
    const locked = await repo.lockIssue(tx, issue.id);
    if (!locked || locked.assigneeUserId || !isOpenStatus(locked.status)) return;
    const state = await repo.lockState(tx, issue, now);
    if (state.handedOverAt || state.lastMessageId >= messageId) return;
    const latest = latestCustomerMessageIn(await repo.latestMessages(tx, issue.id, CONVERSATION_MESSAGES));
    if (latest?.id !== messageId || latest.agentAfter) return;
    await writeAutomatedMessage(deps, tx, {
      organizationId: issue.organizationId,
      issue,
      text: prompts.labelled(settings.label, answer),
      isPrivateNote: false,
      senderUserId: null,
      ai: 'answer',
      at: now,
    });
    await repo.recordAnswer(tx, issue.id, messageId, now);
  });
}

/**
 * Hands the issue to people: the customer is told (not when the model failed: then they hear nothing), the
 * team's hand-out is asked for, and agents get a private note with the reason and a summary (the model's
 * when it answered before, else the customer's words: no request when nothing matched).
 */
async function handOver(ctx: Context, reason: FirstResponderHandOverReason) {
  const { deps, issue, settings, messageId } = ctx;
  const now = deps.clock.now();
  const language = prompts.customerTextLanguage(ctx.language);
  const done = await deps.db.orm.transaction(async (tx) => {
    const locked = await repo.lockIssue(tx, issue.id);
    if (!locked || locked.assigneeUserId || !isOpenStatus(locked.status)) return null;
    const state = await repo.lockState(tx, issue, now);
    if (state.handedOverAt || state.lastMessageId >= messageId) return null;
    await repo.recordHandOver(tx, issue.id, messageId, reason, now);
    if (reason !== 'aiFailed') {
      try {
        await writeAutomatedMessage(deps, tx, {
          organizationId: issue.organizationId,
          issue,
          text: prompts.labelled(settings.label, prompts.HAND_OVER_MESSAGE[language]),
          isPrivateNote: false,
          senderUserId: null,
          ai: 'handOver',
          at: now,
        });
      } catch (err) {
        // The customer cannot be reached now (unfollowed, the platform's window closed): people still get it.
        if (!(err instanceof AppError)) throw err;
      }
    }
    if (locked.teamId) await requestBacklogHandOut(deps, tx, locked.teamId);
    return { answers: state.answers };
  });
  if (!done) return;
  const summary = done.answers > 0 && reason !== 'aiFailed' ? await summaryOf(ctx, language) : null;
  const text = prompts.handOverNote({
    language,
    reason,
    answers: done.answers,
    summary,
    customerWords: ctx.newTexts,
  });
  await deps.db.orm.transaction((tx) =>
    writeAutomatedMessage(deps, tx, {
      organizationId: issue.organizationId,
      issue,
      text,
      isPrivateNote: true,
      senderUserId: null,
      ai: 'note',
      at: deps.clock.now(),
    }),
  );
}

/** The model's summary of the conversation for the agent, or null when it fails (the note quotes instead). */
async function summaryOf(ctx: Context, language: 'th' | 'en') {
  try {
    const result = await completeWithAi(ctx.deps, {
      organizationId: ctx.issue.organizationId,
      userId: null,
      issueId: ctx.issue.id,
      feature: 'firstResponder',
      messages: summaryPrompt({
        conversation: await conversationOf(ctx.deps, ctx.issue.id),
        readerLanguage: language,
      }),
    });
    return result.text.trim() || null;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
