import { useId, useState } from 'react';
import { Button, Descriptions, Empty, Input, Select, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPhone, isFinalStatus } from '@sabai/domain';
import type { IssueCsat } from '@sabai/contracts';
import { ChannelIcon } from '../../../components/channel-icon';
import { RatingStars, ratingOutOfFive } from '../../../components/rating-stars';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useChatMembers, useFilterOptions, useIssueHistory, type IssueDetail } from '../api/issues';
import { ContactAvatar } from './contact-avatar';
import { useSetIssueTags, useUpdateIssue } from '../api/issue-updates';
import { fullTime } from '../utils/time';
import { StatusTag } from './status-tag';
import { SuggestedTags } from './suggested-tags';
import { SafeText } from '../../../components/safe-text';
import { personName } from '../../../lib/format';
import { readableColour } from '../../../lib/readable-colour';

type IssueInfoProps = { issue: IssueDetail; onOpenIssue: (id: number) => void };

/** The issue's facts, its tags and note, and the contact's other issues. */
export function IssueInfo({ issue, onOpenIssue }: IssueInfoProps) {
  const { t } = useTranslation();
  const none = t('inbox.info.none');
  const phone = formatPhone(issue.contact.mobileNumber);
  const issueLink = (id: number) => (
    <Button type="link" size="small" onClick={() => onOpenIssue(id)} className="issue-info__link">
      #{id}
    </Button>
  );
  return (
    <div className="issue-info" data-testid="issue-info">
      <div className="issue-info__contact">
        <strong>
          <SafeText text={issue.contact.displayName || issue.contact.name} />
        </strong>
        {issue.contact.name && issue.contact.name !== issue.contact.displayName && (
          <SafeText text={issue.contact.name} />
        )}
      </div>
      <Descriptions column={1} size="small" colon={false} className="issue-info__facts">
        <Descriptions.Item label={t('inbox.info.phone')}>
          <span data-testid="contact-phone">{phone || none}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('inbox.info.email')}>{issue.contact.email || none}</Descriptions.Item>
        <Descriptions.Item label={t('inbox.info.channel')}>
          <span className="issue-info__channel">
            <ChannelIcon type={issue.channel.type} size={16} /> {issue.channel.name}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('inbox.info.status')}>
          <StatusTag status={issue.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('inbox.info.assignee')}>
          <span data-testid="info-assignee">
            {issue.assignee ? (
              <SafeText text={personName(t, issue.assignee.displayName, issue.assignee.deleted)} />
            ) : (
              t('inbox.list.unassigned')
            )}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('inbox.info.team')}>{issue.team?.name ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('inbox.info.startDate')}>{fullTime(issue.startDate)}</Descriptions.Item>
        <Descriptions.Item label={t('inbox.info.lastResponse')}>
          {fullTime(issue.lastResponseAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('inbox.info.daysLeft')}>
          {issue.daysLeft === null ? t('inbox.info.noWindow') : issue.daysLeft}
        </Descriptions.Item>
        <Descriptions.Item label={t('inbox.info.adId')}>{issue.adId ?? none}</Descriptions.Item>
        {issue.transferredFromIssueId !== null && (
          <Descriptions.Item label={t('inbox.info.transferredFrom')}>
            {issueLink(issue.transferredFromIssueId)}
          </Descriptions.Item>
        )}
        {issue.transferredToIssueId !== null && (
          <Descriptions.Item label={t('inbox.info.transferredTo')}>
            {issueLink(issue.transferredToIssueId)}
          </Descriptions.Item>
        )}
      </Descriptions>
      {issue.groupChat && <ChatMembers issueId={issue.id} />}
      {issue.csat && <Satisfaction csat={issue.csat} />}
      <TagsEditor issue={issue} />
      <NoteEditor issue={issue} />
      <History issueId={issue.id} onOpenIssue={onOpenIssue} />
    </div>
  );
}

/** The satisfaction survey this issue sent: still waiting for a rating, or the rating and comment. */
function Satisfaction({ csat }: { csat: IssueCsat }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="issue-info__section issue-csat" aria-labelledby={headingId} data-testid="issue-csat">
      <h3 id={headingId}>{t('inbox.info.csat')}</h3>
      {csat.rating === null ? (
        <p className="issue-csat__waiting" data-testid="csat-waiting">
          {t('inbox.info.csatWaiting', { time: fullTime(csat.sentAt) })}
        </p>
      ) : (
        <>
          <p className="issue-csat__rating">
            <RatingStars
              rating={csat.rating}
              label={t('inbox.info.csatStars', { rating: csat.rating })}
              testId="csat-stars"
            />
            <strong data-testid="csat-rating">{ratingOutOfFive(csat.rating)}</strong>
            {csat.ratedAt && (
              <span className="issue-csat__time">
                {t('inbox.info.csatRatedAt', { time: fullTime(csat.ratedAt) })}
              </span>
            )}
          </p>
          {csat.comment && (
            <figure className="issue-csat__comment">
              <figcaption>{t('inbox.info.csatComment')}</figcaption>
              <blockquote data-testid="csat-comment">
                <SafeText text={csat.comment} />
              </blockquote>
            </figure>
          )}
        </>
      )}
    </section>
  );
}

function TagsEditor({ issue }: { issue: IssueDetail }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const options = useFilterOptions();
  const save = useSetIssueTags(issue.id);
  const headingId = useId();
  return (
    <section className="issue-info__section">
      <h3 id={headingId}>{t('inbox.info.tags')}</h3>
      <Select
        aria-labelledby={headingId}
        mode="multiple"
        className="issue-info__tags"
        value={issue.tags.map((tag) => tag.id)}
        placeholder={t('inbox.info.tagsPlaceholder')}
        loading={options.isLoading || save.isPending}
        // Like the note: a closed or transferred issue keeps the tags it had.
        disabled={isFinalStatus(issue.status)}
        showSearch={{ optionFilterProp: 'label' }}
        options={options.data?.tags.map((tag) => ({ value: tag.id, label: tag.name, colour: tag.colour }))}
        tagRender={({ label, value, closable, onClose }) => {
          const colour = options.data?.tags.find((tag) => tag.id === value)?.colour;
          return (
            <Tag color={colour && readableColour(colour)} closable={closable} onClose={onClose}>
              {label}
            </Tag>
          );
        }}
        onChange={(tagIds: string[]) =>
          save.mutate(tagIds, {
            onSuccess: () => notice.success('inbox.actions.tagsSaved'),
            onError: (error) => notice.error(error),
          })
        }
        data-testid="issue-tags"
      />
      {!isFinalStatus(issue.status) && (
        <SuggestedTags
          issueId={issue.id}
          applied={issue.tags.map((tag) => tag.id)}
          onAdd={(tagId) =>
            save.mutate([...issue.tags.map((tag) => tag.id), tagId], {
              onSuccess: () => notice.success('inbox.actions.tagsSaved'),
              onError: (error) => notice.error(error),
            })
          }
        />
      )}
    </section>
  );
}

function NoteEditor({ issue }: { issue: IssueDetail }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const update = useUpdateIssue(issue.id);
  // The typed draft, until saved; otherwise the issue's note as it is now (a colleague may change it).
  const [draft, setDraft] = useState<string | null>(null);
  const note = draft ?? issue.note;
  const headingId = useId();
  return (
    <section className="issue-info__section">
      <h3 id={headingId}>{t('inbox.info.note')}</h3>
      <Input.TextArea
        aria-labelledby={headingId}
        value={note}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={t('inbox.info.notePlaceholder')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={2000}
        disabled={isFinalStatus(issue.status)}
        data-testid="issue-note"
      />
      {note !== issue.note && (
        <Button
          size="small"
          type="primary"
          className="issue-info__save"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { kind: 'note', note },
              {
                onSuccess: () => {
                  setDraft(null);
                  notice.success('inbox.actions.noteSaved');
                },
                onError: (e) => notice.error(e),
              },
            )
          }
        >
          {t('inbox.info.saveNote')}
        </Button>
      )}
    </section>
  );
}

/** The members seen in the LINE group or room: those still in it, then those who left. */
function ChatMembers({ issueId }: { issueId: number }) {
  const { t } = useTranslation();
  const members = useChatMembers(issueId, true);
  useRetrievalNotice(members.isError, 'issue_detail');
  const headingId = useId();
  return (
    <section className="issue-info__section" aria-labelledby={headingId} data-testid="chat-members">
      <h3 id={headingId}>{t('inbox.info.members')}</h3>
      {members.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : !members.data?.items.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inbox.info.noMembers')} />
      ) : (
        <ul className="chat-members">
          {members.data.items.map((m) => {
            const name = m.displayName ?? t('inbox.trail.aMember');
            return (
              <li key={m.userId} className={m.hasLeft ? 'chat-members__left' : undefined}>
                <ContactAvatar name={name} pictureUrl={m.pictureUrl} channelType="line" size={28} />
                <span data-testid="chat-member-name">
                  <SafeText text={name} />
                </span>
                {m.hasLeft && <Tag>{t('inbox.info.memberLeft')}</Tag>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function History({ issueId, onOpenIssue }: { issueId: number; onOpenIssue: (id: number) => void }) {
  const { t } = useTranslation();
  const history = useIssueHistory(issueId);
  useRetrievalNotice(history.isError, 'issues');
  return (
    <section className="issue-info__section" data-testid="issue-history">
      <h3>{t('inbox.info.history')}</h3>
      {history.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : !history.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inbox.info.noHistory')} />
      ) : (
        <ul className="issue-history">
          {history.data.map((item) => (
            <li key={item.issueId}>
              <button type="button" onClick={() => onOpenIssue(item.issueId)} className="issue-history__item">
                <ChannelIcon type={item.channelType} size={16} />
                <span className="issue-history__id">#{item.issueId}</span>
                <StatusTag status={item.status} />
                <span className="issue-history__date">{fullTime(item.startDate)}</span>
                {item.lastMessage && <span className="issue-history__text">{item.lastMessage}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
