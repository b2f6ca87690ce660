import type { ReactNode } from 'react';
import { Button, Image, Tooltip } from 'antd';
import {
  CommentOutlined,
  EnvironmentOutlined,
  ExclamationCircleFilled,
  LockOutlined,
  PaperClipOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deliveryFailure } from '../utils/delivery-failure';
import { isImageMime, visibleText, withoutInvisible } from '@sabai/domain';
import type { Message } from '../api/messages';
import { clockTime, fullTime } from '../utils/time';
import { LinkedText } from './linked-text';
import { SafeText } from '../../../components/safe-text';
import { personName } from '../../../lib/format';

type MessageBubbleProps = {
  message: Message;
  /** Offers Retry on a failed message; without it (an earlier issue's conversation) the bubble is read-only. */
  onRetry?: (id: number) => void;
  isRetrying?: boolean;
  /** Opens another issue (the comment thread a private reply answered). */
  onOpenIssue?: (id: number) => void;
  /** Under the text: its translation, or the action that asks for it (AI assist). */
  translation?: ReactNode;
  /** Written in a LINE group or room: the member's name, null while unknown ("a member"). */
  groupMemberName?: string | null;
};

/** The side of the square a picture is shown in. */
export const IMAGE_BOX_PX = 200;

/** A location's coordinates from the provider's payload (LINE `line`, Meta `meta`), when it has them. */
function locationOf(payload: unknown): { address: string; href: string } | null {
  const raw = payload as { line?: Record<string, unknown>; meta?: Record<string, unknown> } | null;
  const source = raw?.line ?? raw?.meta ?? null;
  const lat = Number(source?.latitude ?? (source?.coordinates as { lat?: number } | undefined)?.lat);
  const long = Number(source?.longitude ?? (source?.coordinates as { long?: number } | undefined)?.long);
  if (!Number.isFinite(lat) || !Number.isFinite(long)) return null;
  return {
    address: typeof source?.address === 'string' ? source.address : `${lat}, ${long}`,
    href: `https://www.google.com/maps?q=${lat},${long}`,
  };
}

/** One message: the customer's on the left, the team's on the right, private notes marked apart. */
export function MessageBubble({
  message,
  onRetry,
  isRetrying = false,
  onOpenIssue,
  translation,
  groupMemberName,
}: MessageBubbleProps) {
  const { t } = useTranslation();
  const side = message.direction === 'inbound' ? 'in' : 'out';
  const variant = message.isPrivateNote ? 'note' : message.senderType === 'system' ? 'system' : side;
  const location = message.kind === 'location' ? locationOf(message.payload) : null;
  const sticker = message.sticker;
  const hasBody = Boolean(message.text) || message.attachments.length > 0 || location || sticker;
  const sender = personName(t, message.senderName ?? '', message.senderDeleted);
  const failure = message.deliveryStatus === 'failed' ? deliveryFailure(t, message.providerError) : null;
  return (
    <div className={`bubble-row bubble-row--${side}`} data-testid="message" data-message-id={message.id}>
      <div className={`bubble bubble--${variant}`}>
        {groupMemberName !== undefined && (
          <div className="bubble__sender" data-testid="group-member">
            <SafeText text={groupMemberName ?? t('inbox.trail.aMember')} />
          </div>
        )}
        {(message.isPrivateNote || message.senderType !== 'customer') && (
          <div className="bubble__sender">
            {message.isPrivateNote && <LockOutlined />}{' '}
            {message.isPrivateNote ? (
              <>
                {t('inbox.chat.note')} · {message.ai ? t('inbox.chat.aiNote') : <SafeText text={sender} />}
              </>
            ) : message.ai ? (
              t('inbox.chat.aiAnswer')
            ) : message.senderType === 'system' ? (
              t(message.survey ? 'inbox.chat.survey' : 'inbox.chat.system')
            ) : (
              <SafeText text={sender} />
            )}
            {message.ai && (
              <span className="bubble__ai-tag" data-testid="ai-tag" title={t('inbox.chat.aiAnswer')}>
                {t('inbox.chat.aiTag')}
              </span>
            )}
          </div>
        )}
        {message.fromComment && (
          <div className="bubble__from-comment" data-testid="from-comment">
            <CommentOutlined aria-hidden /> {t('inbox.comments.fromComment.line')}
            {onOpenIssue && (
              <>
                {' · '}
                <Button
                  type="link"
                  size="small"
                  className="bubble__from-comment-link"
                  onClick={() => onOpenIssue(message.fromComment!.issueId)}
                  data-testid="open-comment-thread"
                >
                  {t('inbox.comments.fromComment.open', { id: message.fromComment.issueId })}
                </Button>
              </>
            )}
          </div>
        )}
        {message.answersQuickReply && (
          <div className="bubble__answer" data-testid="quick-reply-answer">
            <RollbackOutlined /> {t('inbox.quickReplies.answered')}
          </div>
        )}
        {sticker && (
          <img
            className="bubble__sticker"
            src={sticker.imageUrl}
            alt={sticker.keywords.length ? sticker.keywords.join(', ') : t('inbox.kinds.sticker')}
            width={120}
            height={120}
            data-testid="sticker"
          />
        )}
        {message.text && (
          <div className="bubble__text">
            <LinkedText text={message.text} />
          </div>
        )}
        {message.text && translation}
        {location && (
          <a href={location.href} target="_blank" rel="noopener noreferrer" className="bubble__location">
            <EnvironmentOutlined /> {location.address}
          </a>
        )}
        {message.attachments.map((file) =>
          // Only raster images show as pictures: the server serves anything else (SVG) as a download.
          // A picture has its box before it loads (its size is not known until then), so the conversation
          // never moves under the reader as pictures come in; the whole picture shows in it, and in the
          // preview on a click.
          isImageMime(file.mimeType) ? (
            <Image
              key={file.id}
              src={file.url}
              alt={visibleText(file.filename)}
              width={IMAGE_BOX_PX}
              height={IMAGE_BOX_PX}
              className="bubble__image"
            />
          ) : (
            <a
              key={file.id}
              href={file.url}
              download={withoutInvisible(file.filename)}
              className="bubble__file"
            >
              <PaperClipOutlined /> <SafeText text={file.filename} testId="file-name" />
              <span className="bubble__file-size">{Math.max(1, Math.round(file.size / 1024))} KB</span>
            </a>
          ),
        )}
        {!hasBody && (
          <div className={`bubble__kind${message.kind === 'unsent' ? ' bubble__kind--unsent' : ''}`}>
            {t(`inbox.kinds.${message.kind}`, { defaultValue: message.kind })}
          </div>
        )}
        {message.quickReplies && (
          <ul className="bubble__quick-replies" aria-label={t('inbox.quickReplies.offered')}>
            {message.quickReplies.map((q, index) => (
              <li key={index} data-testid="offered-quick-reply">
                <SafeText text={q.label} />
              </li>
            ))}
          </ul>
        )}
        <div className="bubble__meta">
          <Tooltip title={fullTime(message.createdAt)}>
            <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
          </Tooltip>
          {side === 'out' && !message.isPrivateNote && (
            <span
              className={`bubble__status bubble__status--${message.deliveryStatus}`}
              data-testid="delivery-status"
            >
              {message.deliveryStatus === 'failed' && <ExclamationCircleFilled />}{' '}
              {message.seenAt
                ? t('inbox.delivery.seen', { time: clockTime(message.seenAt) })
                : t(`inbox.delivery.${message.deliveryStatus}`)}
            </span>
          )}
        </div>
        {message.reaction && (
          <span
            className="bubble__reaction"
            role="img"
            aria-label={t('inbox.chat.reaction', { emoji: message.reaction })}
            data-testid="reaction"
          >
            {message.reaction}
          </span>
        )}
        {failure && (
          <p className="bubble__failure" data-testid="delivery-failure">
            {failure}
          </p>
        )}
      </div>
      {message.deliveryStatus === 'failed' && onRetry && (
        <Button
          size="small"
          danger
          loading={isRetrying}
          onClick={() => onRetry(message.id)}
          data-testid="retry-message"
        >
          {t('inbox.chat.retry')}
        </Button>
      )}
    </div>
  );
}
