// A customer's answer to a satisfaction survey: a tap on the survey's buttons is the rating
// of the issue that asked, whatever issue the customer has open now; the next text within the comment window
// is the comment, unless the customer has another issue open (then it belongs there). Both are stored in the
// chat of the issue they answer and change nothing else on it: no unread count, no return of the customer.
import { messagePreview } from '@sabai/contracts';
import type { Deps } from '../../deps';
import type { Tx } from '../../platform/db';
import { publishEvent } from '../../platform/events';
import { awaitsComment, findAnswerable, ratingOf, recordSurveyComment, recordSurveyRating } from '../csat';
import type { Survey } from '../csat';
import { REPLY_TOKEN_TTL_MS, type CustomerMessage } from './customer-messages';
import * as repo from './inbound.repo';

/** The surveys a transaction's customer messages may answer, read once for all of them. */
export async function answerableSurveys(tx: Tx, messages: CustomerMessage[]) {
  const tapped = messages.flatMap((m) => {
    const id = quickReplyOf(m)?.messageId;
    return id === undefined ? [] : [id];
  });
  const texts = messages.filter((m) => m.event.kind === 'text').map((m) => m.identity.id);
  const surveys = await findAnswerable(tx, [...new Set(tapped)], [...new Set(texts)]);
  return {
    /** The survey `message` answers, or null when it is an ordinary message. */
    answered(message: CustomerMessage): Survey | null {
      const tap = quickReplyOf(message);
      if (tap)
        return (
          surveys.find((s) => s.messageId === tap.messageId && s.identityId === message.identity.id) ?? null
        );
      if (message.event.kind !== 'text') return null;
      return (
        surveys.find(
          (s) => s.identityId === message.identity.id && awaitsComment(s, message.event.timestamp),
        ) ?? null
      );
    },
  };
}

const quickReplyOf = (m: CustomerMessage) =>
  (m.event.payload as { quickReply?: { messageId: number; label: string } }).quickReply;

/**
 * Applies a survey's answer inside the inbound transaction; resolves to false when the message is no answer
 * after all (a comment while the customer has another issue open), and goes its usual way.
 */
export async function applySurveyAnswer(deps: Deps, tx: Tx, message: CustomerMessage, survey: Survey) {
  const tap = quickReplyOf(message);
  if (!tap) {
    const open = await repo.findOpenIssueForUpdate(tx, message.identity.id);
    if (open && open.id !== survey.issueId) return false;
  }
  const { channel, identity, event } = message;
  const [stored] = await repo.insertCustomerMessages(tx, [
    {
      organizationId: channel.organizationId,
      issueId: survey.issueId,
      channelId: channel.id,
      kind: event.kind,
      text: event.text,
      payload: event.payload,
      providerMessageId: event.providerMessageId,
      at: event.timestamp,
    },
  ]);
  if (!stored) return true; // a redelivery: applied before
  // The customer wrote: the reply window and LINE's reply token are theirs to use (the thank-you takes it).
  await repo.recordCustomerActivity(
    tx,
    [],
    [
      {
        identityId: identity.id,
        contactId: identity.contactId,
        at: event.timestamp,
        replyToken: event.replyToken,
        replyTokenExpiresAt: new Date(deps.clock.now().getTime() + REPLY_TOKEN_TTL_MS),
        tookReferral: false,
        inStandby: event.inStandby === true,
      },
    ],
  );
  await publishEvent(tx, {
    name: 'message.created',
    organizationId: channel.organizationId,
    data: {
      issueId: survey.issueId,
      messageId: stored.id,
      direction: 'inbound',
      card: messagePreview(event.timestamp, { text: event.text, kind: event.kind, senderType: 'customer' }),
    },
  });
  const rating = tap ? ratingOf(tap.label) : null;
  if (rating !== null) await recordSurveyRating(deps, tx, survey, { rating, at: deps.clock.now() });
  else if (!tap && event.text)
    await recordSurveyComment(tx, survey, { comment: event.text, at: deps.clock.now() });
  return true;
}
