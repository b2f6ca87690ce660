// The AI first responder (issue 20 items 4 and 5). The ingest only queues a job per issue a batch touched on
// a channel with the responder on (firstResponderJobs, from a cached list: no statement per batch); the job
// decides and answers outside any transaction the ingest holds. It never holds an issue back from people:
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
import { refreshedEvery } from '../../platform/refreshed';
import { completeWithAi, enabledFeaturesOf } from '../ai';
import { requestBacklogHandOut } from '../assignment';
import { lineOf, summaryPrompt, type ConversationLine } from '../assist';
import { findRoutingRules } from '../channels';
import { searchArticles } from '../knowledge-base';
import { writeAutomatedMessage } from '../messages';
import { organizationTimeZone } from '../organizations';
import * as prompts from './first-responder.prompts';
import * as repo from './first-responder.repo';

export const FIRST_RESPONDER_JOB = defineJob(
  'ai.first-responder',
  z.object({ issueId: z.number().int(), messageId: z.number().int() }),
  // A failed run is not retried: the issue is with people as usual.
  { retryLimit: 0 },
);

/** Articles offered to the model at most (those at or above the channel's threshold). */
const ARTICLES = 3;
/** An article's text offered to the model, at most. */
const ARTICLE_CHARS = 2000;
/** Messages of the conversation the model reads. */
const CONVERSATION_MESSAGES = 20;
const ANSWER_MAX_TOKENS = 500;

/** Channels with the responder on; another process's change is seen within this time. */
const enabledChannels = refreshedEvery(15_000, repo.enabledChannels);

/** Forgets the cached list of channels with the responder on (this process saved a channel's settings). */
export const forgetEnabledChannels = () => enabledChannels.forget();

/**
 * The first responder's jobs for messages an ingest batch stored: one per issue on a channel with the
 * responder on (its latest message): now when it answers outside business hours, and after the channel's
 * minutes when it answers issues nobody took (an issue already assigned gets none of those).
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
  return [...latest.values()].flatMap(({ channelId, issueId, messageId, assigneeUserId }) => {
    const { when, unassignedMinutes } = on.get(channelId)!;
    const data = { issueId, messageId };
    const jobs: JobToSend[] = [];
    if (when !== 'unassigned') jobs.push(jobToSend(FIRST_RESPONDER_JOB, data));
    if (when !== 'outsideHours' && assigneeUserId === null)
      jobs.push(jobToSend(FIRST_RESPONDER_JOB, data, { startAfter: unassignedMinutes * 60 }));
    return jobs;
  });
}

type Issue = NonNullable<Awaited<ReturnType<typeof repo.findIssue>>>;
type Context = {
  deps: Deps;
  issue: Issue;
  settings: repo.SettingsRow;
  messageId: number;
  language: TextLanguage | null;
  /** What the customer wrote since the responder last answered, oldest first. */
  newTexts: string[];
};

/** The job: answers the customer's latest message from the knowledge base, or hands over; see the module. */
export async function runFirstResponder(deps: Deps, job: JobOf<typeof FIRST_RESPONDER_JOB>) {
  const { issueId, messageId } = job.data;
  const db = deps.db.orm;
  const issue = await repo.findIssue(db, issueId);
  if (!issue || issue.channelDeletedAt || issue.assigneeUserId || !isOpenStatus(issue.status)) return;
  const settings = await repo.findSettings(db, issue.channelId);
  if (!settings?.enabled) return;
  if (!(await enabledFeaturesOf(deps, issue.organizationId)).includes('firstResponder')) return;
  const state = await repo.findState(db, issueId);
  if (state?.handedOverAt || (state && state.lastMessageId >= messageId)) return;
  // A newer message has its own job; an agent who wrote meanwhile is answering.
  const latest = await repo.latestCustomerMessage(db, issueId);
  if (!latest || latest.id !== messageId || latest.agentAfter) return;
  if (!(await isDue(deps, issue, settings, latest.createdAt))) return;

  const newTexts = await repo.customerTextsBetween(db, issueId, state?.lastMessageId ?? 0, messageId);
  const conversation = await conversationOf(deps, issueId);
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
    ? (await searchArticles(db, issue.organizationId, query, { limit: ARTICLES })).filter(
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
        organizationName: await repo.organizationName(db, issue.organizationId),
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

/** Outside the channel's business hours (a holiday counts), or unanswered by people for the minutes set. */
async function isDue(deps: Deps, issue: Issue, settings: repo.SettingsRow, customerAt: Date) {
  const now = deps.clock.now();
  if (settings.when !== 'unassigned' && (await outsideHours(deps, issue, now))) return true;
  if (settings.when === 'outsideHours') return false;
  // A second of slack: the delayed job may start a moment before the minute it was set for.
  return now.getTime() - customerAt.getTime() >= settings.unassignedMinutes * 60_000 - 1000;
}

async function outsideHours(deps: Deps, issue: Issue, now: Date) {
  const [rules, timeZone] = await Promise.all([
    findRoutingRules(deps.db.orm, issue.channelId),
    organizationTimeZone(deps.db.orm, issue.organizationId),
  ]);
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

async function conversationOf(deps: Deps, issueId: number): Promise<ConversationLine[]> {
  const newestFirst = await repo.latestMessages(deps.db.orm, issueId, CONVERSATION_MESSAGES);
  return [...newestFirst].reverse().map(lineOf);
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
    const latest = await repo.latestCustomerMessage(tx, issue.id);
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
