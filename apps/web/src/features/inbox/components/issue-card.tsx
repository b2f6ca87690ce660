import { memo } from 'react';
import { Tag } from 'antd';
import { ClockCircleOutlined, CommentOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isOpenStatus, STATUS_COLOURS } from '@sabai/domain';
import type { IssueListItem } from '../api/issues';
import { fullTime, shortTime } from '../utils/time';
import { ContactAvatar } from './contact-avatar';
import { SlaChip } from './sla-chip';
import { StatusTag } from './status-tag';
import { SafeText } from '../../../components/safe-text';
import { personName } from '../../../lib/format';
import { readableColour } from '../../../lib/readable-colour';

type IssueCardProps = { issue: IssueListItem; isSelected?: boolean; onOpen: (id: number) => void };

/**
 * One issue as the list and the kanban show it. Memoised, and light (no tooltips, badges or measuring
 * avatars): scrolling the list mounts a few cards a frame and must not re-render the others.
 */
export const IssueCard = memo(function IssueCard({ issue, isSelected = false, onOpen }: IssueCardProps) {
  const { t } = useTranslation();
  const last = issue.lastMessage;
  const preview = last
    ? (last.text ?? t(`inbox.kinds.${last.kind}`, { defaultValue: t('inbox.kinds.file') }))
    : null;
  return (
    <button
      type="button"
      className={`issue-card${isSelected ? ' issue-card--selected' : ''}`}
      style={{ borderInlineStartColor: STATUS_COLOURS[issue.status] }}
      onClick={() => onOpen(issue.id)}
      aria-current={isSelected ? 'true' : undefined}
      data-testid="issue-card"
      data-issue-id={issue.id}
    >
      <ContactAvatar
        name={issue.contact.displayName}
        pictureUrl={issue.contact.pictureUrl}
        channelType={issue.channel.type}
      />
      <span className="issue-card__body">
        <span className="issue-card__top">
          <span className="issue-card__name">
            {issue.kind === 'comment' && (
              <CommentOutlined
                className="issue-card__comment"
                aria-label={t('inbox.list.commentMarker')}
                title={t('inbox.list.commentMarker')}
                data-testid="comment-marker"
              />
            )}
            {issue.contact.displayName ? <SafeText text={issue.contact.displayName} /> : `#${issue.id}`}
          </span>
          <time
            className="issue-card__time"
            dateTime={issue.lastResponseAt}
            title={fullTime(issue.lastResponseAt)}
          >
            {shortTime(issue.lastResponseAt)}
          </time>
        </span>
        <span className="issue-card__preview">
          {preview === null ? (
            <em>{t('inbox.list.noMessage')}</em>
          ) : (
            <>
              {last?.senderType === 'agent' && <span className="issue-card__you">{t('inbox.list.you')}</span>}
              {preview}
            </>
          )}
        </span>
        <span className="issue-card__meta">
          <span className="issue-card__id">#{issue.id}</span>
          <StatusTag status={issue.status} />
          {/* Until the list is read again, a card just resolved still carries its clock. */}
          {issue.sla && isOpenStatus(issue.status) && <SlaChip sla={issue.sla} />}
          <span className="issue-card__assignee">
            {issue.assignee ? (
              <SafeText text={personName(t, issue.assignee.displayName, issue.assignee.deleted)} />
            ) : (
              t('inbox.list.unassigned')
            )}
          </span>
          {issue.tags.map((tag) => (
            <Tag key={tag.id} color={readableColour(tag.colour)} className="issue-card__tag">
              {tag.name}
            </Tag>
          ))}
          {issue.isOld && (
            <Tag icon={<WarningOutlined />} color="error" data-testid="old-flag">
              {t('inbox.list.old')}
            </Tag>
          )}
          {isOpenStatus(issue.status) && issue.daysLeft !== null && issue.daysLeft > 0 && (
            <Tag icon={<ClockCircleOutlined />} color={issue.daysLeft <= 1 ? 'warning' : 'default'}>
              {t('inbox.composer.daysLeft', { count: issue.daysLeft })}
            </Tag>
          )}
          {issue.closeRequested && <Tag color="purple">{t('inbox.list.closeRequested')}</Tag>}
        </span>
      </span>
      {issue.unreadCount > 0 && (
        <span
          className="count-pill issue-card__unread"
          title={t('inbox.list.unread', { count: issue.unreadCount })}
          data-testid="unread-badge"
        >
          {issue.unreadCount > 99 ? '99+' : issue.unreadCount}
        </span>
      )}
    </button>
  );
});
