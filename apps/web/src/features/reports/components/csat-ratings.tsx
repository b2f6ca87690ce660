import type { HTMLAttributes, ReactNode } from 'react';
import { Empty, Skeleton, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { ChannelIcon } from '../../../components/channel-icon';
import { RatingStars, ratingOutOfFive } from '../../../components/rating-stars';
import { SafeText } from '../../../components/safe-text';
import { formatDateTime } from '../../../lib/format';
import { isMobileDevice } from '../../../lib/navigation';
import type { CsatRating } from '../api/csat';
import { NO_VALUE } from '../utils/format-figure';

type Props = { ratings: CsatRating[]; isLoading: boolean };

/** The chat of the rated issue: the inbox with it open, or the phone's full-screen chat. */
const chatPath = (issueId: number) =>
  isMobileDevice() ? `/mobile/issue/chat?issueId=${issueId}` : `/issue/inbox?issueId=${issueId}`;

/** The ratings, newest first: a table on a desktop, a card each on a phone. */
export function CsatRatings({ ratings, isLoading }: Props) {
  const { t } = useTranslation();
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.csat.empty')} />;
  if (!isMobileDevice()) return <RatingsTable ratings={ratings} isLoading={isLoading} empty={empty} />;
  if (isLoading && ratings.length === 0) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (ratings.length === 0) return <div data-testid="csat-empty">{empty}</div>;
  return (
    <ul className="csat-cards" data-testid="csat-ratings">
      {ratings.map((rating) => (
        <li key={rating.id} className="csat-card" data-testid="csat-rating">
          <div className="csat-card__head">
            <Stars rating={rating.rating} />
            <time className="csat-card__time" dateTime={rating.ratedAt}>
              {formatDateTime(rating.ratedAt)}
            </time>
          </div>
          {rating.comment && (
            <blockquote className="csat-comment" data-testid="csat-rating-comment">
              <SafeText text={rating.comment} />
            </blockquote>
          )}
          <p className="csat-card__who">
            <SafeText text={rating.contactName} className="csat-card__contact" />
            <span className="csat-card__channel">
              <ChannelIcon type={rating.channel.type} size={14} /> {rating.channel.name}
            </span>
          </p>
          <p className="csat-card__who">
            <span>{rating.team?.name ?? t('reports.noTeam')}</span>
            <span>{rating.agent ? <SafeText text={rating.agent.name} /> : t('reports.unassigned')}</span>
            <IssueLink issueId={rating.issueId} />
          </p>
        </li>
      ))}
    </ul>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="csat-stars">
      <RatingStars rating={rating} label={t('reports.csat.stars', { rating })} />
      <span className="csat-stars__value">{ratingOutOfFive(rating)}</span>
    </span>
  );
}

function IssueLink({ issueId }: { issueId: number }) {
  const { t } = useTranslation();
  return (
    <AppLink
      to={chatPath(issueId)}
      aria-label={t('reports.csat.openChat', { id: issueId })}
      className="csat-issue-link"
      data-testid="csat-issue-link"
    >
      #{issueId}
    </AppLink>
  );
}

function RatingsTable({ ratings, isLoading, empty }: Props & { empty: ReactNode }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<CsatRating> = [
    {
      key: 'ratedAt',
      title: t('reports.csat.column.ratedAt'),
      render: (_, r) => <time dateTime={r.ratedAt}>{formatDateTime(r.ratedAt)}</time>,
    },
    {
      key: 'rating',
      title: t('reports.csat.column.rating'),
      render: (_, r) => <Stars rating={r.rating} />,
    },
    {
      key: 'comment',
      title: t('reports.csat.column.comment'),
      render: (_, r) =>
        r.comment ? (
          <span className="csat-comment csat-comment--cell" data-testid="csat-rating-comment">
            <SafeText text={r.comment} />
          </span>
        ) : (
          NO_VALUE
        ),
    },
    {
      key: 'contact',
      title: t('reports.csat.column.contact'),
      render: (_, r) => <SafeText text={r.contactName} />,
    },
    {
      key: 'channel',
      title: t('reports.csat.column.channel'),
      render: (_, r) => (
        <span className="csat-channel">
          <ChannelIcon type={r.channel.type} size={16} /> {r.channel.name}
        </span>
      ),
    },
    {
      key: 'team',
      title: t('reports.csat.column.team'),
      render: (_, r) => r.team?.name ?? t('reports.noTeam'),
    },
    {
      key: 'agent',
      title: t('reports.csat.column.agent'),
      render: (_, r) => (r.agent ? <SafeText text={r.agent.name} /> : t('reports.unassigned')),
    },
    {
      key: 'issue',
      title: t('reports.csat.column.issue'),
      // A table wider than its screen scrolls sideways; the way to the chat stays in view.
      fixed: 'right',
      render: (_, r) => <IssueLink issueId={r.issueId} />,
    },
  ];
  return (
    <Table<CsatRating>
      rowKey="id"
      columns={columns}
      dataSource={ratings}
      loading={isLoading}
      pagination={false}
      size="small"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: isLoading ? null : empty }}
      onRow={() => ({ 'data-testid': 'csat-rating' }) as HTMLAttributes<HTMLElement>}
      data-testid="csat-ratings"
    />
  );
}
