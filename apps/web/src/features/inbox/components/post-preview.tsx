import { useState } from 'react';
import { Alert, Button, Skeleton, Spin } from 'antd';
import { ExportOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChannelType } from '@sabai/domain';
import { usePost } from '../api/comments';
import { fullTime } from '../utils/time';
import { LinkedText } from './linked-text';
import { OrderCollection } from './order-list';

type PostPreviewProps = {
  postId: string;
  channelType: ChannelType;
  /** The reader may not change the post's order collection (an issue handed over to them). */
  isReadOnly: boolean;
  isPhone: boolean;
  onOpenIssue: (id: number) => void;
};

const PLATFORM: Record<ChannelType, string> = { facebook: 'Facebook', instagram: 'Instagram', line: 'LINE' };
/** Longer texts show two lines until "Show more". */
const LONG_TEXT = 110;

/**
 * The post (Facebook) or media (Instagram) a comment thread is on: its picture, text, time and link, fetched
 * from Meta after the first comment (pending meanwhile), and its order collection.
 */
export function PostPreview({ postId, channelType, isReadOnly, isPhone, onOpenIssue }: PostPreviewProps) {
  const { t } = useTranslation();
  const post = usePost(postId);
  const [isExpanded, setIsExpanded] = useState(false);

  if (post.isLoading) {
    return (
      <section className="post-preview" aria-label={t('inbox.comments.post.label')} aria-busy="true">
        <div className="post-preview__body" data-testid="post-preview-loading">
          <Skeleton.Avatar shape="square" size={64} active />
          <Skeleton className="post-preview__content" active title={false} paragraph={{ rows: 2 }} />
        </div>
      </section>
    );
  }
  if (!post.data) {
    return (
      <section className="post-preview" aria-label={t('inbox.comments.post.label')}>
        <Alert
          type="error"
          showIcon
          title={t('inbox.comments.post.loadFailed')}
          action={
            <Button size="small" onClick={() => void post.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid="post-preview-failed"
        />
      </section>
    );
  }

  const data = post.data;
  const text = data.text?.trim() ?? '';
  const isLong = text.length > LONG_TEXT || text.split('\n').length > 2;
  return (
    <section className="post-preview" aria-label={t('inbox.comments.post.label')} data-testid="post-preview">
      <div className="post-preview__body">
        {data.pictureUrl ? (
          <img
            className="post-preview__picture"
            src={data.pictureUrl}
            alt={t('inbox.comments.post.picture')}
            width={64}
            height={64}
            data-testid="post-picture"
          />
        ) : (
          <span className="post-preview__picture post-preview__picture--none" aria-hidden>
            {data.previewStatus === 'pending' ? <Spin size="small" /> : <PictureOutlined />}
          </span>
        )}
        <div className="post-preview__content">
          {data.previewStatus === 'pending' ? (
            <p className="post-preview__status" role="status" data-testid="post-preview-pending">
              {t('inbox.comments.post.pending', { platform: PLATFORM[channelType] })}
            </p>
          ) : data.previewStatus === 'failed' ? (
            <p className="post-preview__status" data-testid="post-preview-unavailable">
              {t('inbox.comments.post.failed')}
            </p>
          ) : text ? (
            <p
              className={`post-preview__text${isExpanded ? '' : ' post-preview__text--clamped'}`}
              data-testid="post-text"
            >
              <LinkedText text={text} />
            </p>
          ) : (
            <p className="post-preview__status">{t('inbox.comments.post.noText')}</p>
          )}
          <div className="post-preview__meta">
            {isLong && data.previewStatus === 'ready' && (
              <Button
                type="link"
                size="small"
                className="post-preview__more"
                onClick={() => setIsExpanded((on) => !on)}
                aria-expanded={isExpanded}
              >
                {t(isExpanded ? 'inbox.comments.post.less' : 'inbox.comments.post.more')}
              </Button>
            )}
            {data.postedAt && (
              <time dateTime={data.postedAt}>
                {t('inbox.comments.post.posted', { time: fullTime(data.postedAt) })}
              </time>
            )}
            {data.permalink && (
              <a href={data.permalink} target="_blank" rel="noopener noreferrer" data-testid="open-post">
                {t('inbox.comments.post.open')} <ExportOutlined aria-hidden />
              </a>
            )}
          </div>
        </div>
      </div>
      <OrderCollection post={data} isReadOnly={isReadOnly} isPhone={isPhone} onOpenIssue={onOpenIssue} />
    </section>
  );
}
