// Agent assist in the composer: a suggested reply, a rewritten draft, translations, a summary and
// tags, each from the issue the caller may see, through the one AI call (completeWithAi: settings, data
// rules, budget, log). Answers are drafts: nothing here sends or changes anything.
import type { AssistFeatures, Translation } from '@sabai/contracts';
import {
  customerLanguage,
  detectTextLanguage,
  withoutPersonalData,
  type Scope,
  type TextLanguage,
} from '@sabai/domain';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { completeWithAi, enabledFeaturesOf, type AiFeature, type AiMessage } from '../ai';
import type { AuthContext } from '../../ports';
import { findIssueToRead } from '../issues';
import { searchArticles } from '../knowledge-base';
import * as prompts from './assist.prompts';
import * as repo from './assist.repo';

/** How much of a conversation the model reads: its latest messages. */
const CONVERSATION_MESSAGES = 30;
/** Canned responses offered to a suggestion as reference (the newest the caller may use). */
const CANNED_REFERENCES = 20;
/** Knowledge base articles offered to a suggestion: the best matches of the customer's latest words. */
const ARTICLE_REFERENCES = 3;
/**
 * Below this relevance an article is a stray resemblance, not material (searchArticles' score). Lower than
 * the first responder's line: an agent reads the draft, and a customer's greeting and contact details
 * dilute the share of their words an article holds.
 */
const ARTICLE_MIN_SCORE = 0.15;
/** An article's text offered to the model, at most (a long article is cut, its start kept). */
const ARTICLE_CHARS = 2000;
const MAX_TAGS_SHOWN = 200;

type Caller = { deps: Deps; auth: AuthContext; scope: Scope; issueId: number };
type Stream = { onDelta: (text: string) => void; signal: AbortSignal };

/** The assist actions on for the caller's organisation (all off while AI is off or not set up). */
export async function assistFeatures(deps: Deps, auth: AuthContext): Promise<AssistFeatures> {
  const on = new Set<AiFeature>(await enabledFeaturesOf(deps, auth.organizationId));
  return {
    suggest: on.has('suggest'),
    rewrite: on.has('rewrite'),
    translate: on.has('translate'),
    summarise: on.has('summarise'),
    tags: on.has('tags'),
  };
}

/** The issue the caller may read, with its conversation as the model reads it (oldest first). */
async function readIssue({ deps, auth, scope, issueId }: Caller) {
  const found = await findIssueToRead(deps.db.orm, auth.organizationId, auth.userId, scope, issueId);
  if (!found) throw notFound('issue.not_found');
  const { transferredFromIssueId } = found.issue;
  const issueIds = transferredFromIssueId ? [issueId, transferredFromIssueId] : [issueId];
  const newestFirst = await repo.latestMessages(deps.db.orm, issueIds, CONVERSATION_MESSAGES);
  const conversation = [...newestFirst].reverse().map(prompts.lineOf);
  // Newest first: what the customer says now leads.
  const customerTexts = newestFirst.filter((m) => m.senderType === 'customer' && m.text).map((m) => m.text!);
  return { issue: found.issue, conversation, customerTexts };
}

const ask = (caller: Caller, feature: AiFeature, messages: AiMessage[], stream?: Stream) =>
  completeWithAi(caller.deps, {
    organizationId: caller.auth.organizationId,
    userId: caller.auth.userId,
    issueId: caller.issueId,
    feature,
    messages,
    ...(stream ? { onDelta: stream.onDelta, signal: stream.signal } : {}),
  });

/** A reply to the customer, streamed, grounded in canned responses and the best-matching articles. */
export async function suggestReply(caller: Caller, stream: Stream) {
  const { deps, auth } = caller;
  const { conversation, customerTexts } = await readIssue(caller);
  const language = customerLanguage(customerTexts);
  // What the customer asks now: their latest words, without contact details (no help in finding an article).
  const lastWords = customerTexts[0] ? withoutPersonalData(customerTexts[0]) : '';
  const [canned, articles, particle, organizationName] = await Promise.all([
    repo.usableCannedResponses(deps.db.orm, auth.organizationId, auth.userId, CANNED_REFERENCES),
    lastWords
      ? searchArticles(deps.db.orm, auth.organizationId, lastWords, { limit: ARTICLE_REFERENCES })
      : Promise.resolve([]),
    repo.politeParticleOf(deps.db.orm, auth.userId),
    repo.organizationName(deps.db.orm, auth.organizationId),
  ]);
  const references = [
    ...articles
      .filter((a) => a.score >= ARTICLE_MIN_SCORE)
      .map((a) => ({ title: a.title, text: a.body.slice(0, ARTICLE_CHARS) })),
    ...canned.map((c) => ({ title: c.name, text: c.message })),
  ];
  const messages = prompts.suggestReplyPrompt({
    organizationName,
    conversation,
    references,
    customerLanguage: language,
    particle,
  });
  return (await ask(caller, 'suggest', messages, stream)).text;
}

/** The agent's draft in another style, streamed. */
export async function rewriteDraft(
  caller: Caller,
  input: { draft: string; style: prompts.RewriteStyle },
  stream: Stream,
) {
  await readIssue(caller);
  const particle = await repo.politeParticleOf(caller.deps.db.orm, caller.auth.userId);
  const messages = prompts.rewritePrompt({
    draft: input.draft,
    style: input.style,
    language: detectTextLanguage(input.draft),
    particle,
  });
  return (await ask(caller, 'rewrite', messages, stream)).text;
}

/**
 * A customer's message in the reader's language, or the agent's draft in the customer's (the language of
 * their latest words; Thai when they wrote none).
 */
export async function translate(
  caller: Caller,
  input: { messageId: number; to: TextLanguage } | { text: string; to?: TextLanguage | undefined },
): Promise<Translation> {
  const { customerTexts } = await readIssue(caller);
  let text: string;
  let to: TextLanguage;
  let particle: prompts.PoliteParticle | null = null;
  if ('messageId' in input) {
    const message = await repo.messageOfIssue(caller.deps.db.orm, caller.issueId, input.messageId);
    if (!message || message.isPrivateNote) throw notFound('not_found');
    if (!message.text?.trim()) throw badRequest('assist.no_text');
    text = message.text;
    to = input.to;
  } else {
    text = input.text;
    to = input.to ?? customerLanguage(customerTexts) ?? 'th';
    // A draft goes to the customer: in the agent's own politeness.
    particle = await repo.politeParticleOf(caller.deps.db.orm, caller.auth.userId);
  }
  const from = detectTextLanguage(text);
  const messages = prompts.translatePrompt({ text, to, particle });
  return { text: (await ask(caller, 'translate', messages)).text.trim(), from, to };
}

/** The conversation in a few lines, in the reader's language. */
export async function summarise(caller: Caller, language: 'th' | 'en') {
  const { conversation } = await readIssue(caller);
  const messages = prompts.summaryPrompt({ conversation, readerLanguage: language });
  return { text: (await ask(caller, 'summarise', messages)).text.trim() };
}

/** Tags of the organisation's list that fit the conversation; the agent applies them. */
export async function suggestTags(caller: Caller) {
  const { conversation } = await readIssue(caller);
  const tags = await repo.tagsOfOrganization(caller.deps.db.orm, caller.auth.organizationId, MAX_TAGS_SHOWN);
  if (tags.length === 0) return { tags: [] };
  const messages = prompts.tagsPrompt({ conversation, tagNames: tags.map((t) => t.name) });
  const answer = await ask(caller, 'tags', messages);
  return { tags: prompts.tagsInAnswer(answer.text, tags) };
}
