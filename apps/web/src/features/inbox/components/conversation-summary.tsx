// The conversation in a few lines: on demand from the chat header, and by itself at the top of
// an issue transferred to the reader, so whoever takes it over starts from what was said. In the reader's
// language; kept for the session (a second look costs no request).
import { useState } from 'react';
import { Alert, Button, Skeleton, Tooltip } from 'antd';
import { FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routes } from '@sabai/contracts';
import { api } from '../../../lib/api';
import { errorKey } from '../../../lib/i18n';
import { useAssistFeatures } from '../api/assist';

type Props = { issueId: number; isTransferred: boolean };

/** The header's "Summarise" button and the summary under the header; nothing while summaries are off. */
export function useConversationSummary({ issueId, isTransferred }: Props) {
  const { i18n } = useTranslation();
  const features = useAssistFeatures();
  const language = i18n.language === 'th' ? 'th' : 'en';
  const [asked, setAsked] = useState(false);
  const isOn = features.summarise && (asked || isTransferred);
  const summary = useQuery({
    queryKey: ['conversation-summary', issueId, language],
    queryFn: ({ signal }) =>
      api(routes.assist.summary, { params: { id: issueId }, body: { language }, signal }),
    enabled: isOn,
    staleTime: Infinity,
    retry: false,
  });
  return { isAvailable: features.summarise, isOn, summary, ask: () => setAsked(true) };
}

type Summary = ReturnType<typeof useConversationSummary>;

export function SummariseButton({ state }: { state: Summary }) {
  const { t } = useTranslation();
  if (!state.isAvailable) return null;
  return (
    <Tooltip title={t('inbox.assist.summarise')}>
      <Button
        icon={<FileTextOutlined />}
        onClick={() => (state.isOn ? void state.summary.refetch() : state.ask())}
        aria-label={t('inbox.assist.summarise')}
        data-testid="summarise"
      />
    </Tooltip>
  );
}

export function ConversationSummary({ state }: { state: Summary }) {
  const { t } = useTranslation();
  if (!state.isOn) return null;
  const { summary } = state;
  return (
    <div
      className="conversation-summary"
      role="region"
      aria-label={t('inbox.assist.summary')}
      data-testid="summary"
    >
      <div className="conversation-summary__head">
        <strong>
          <FileTextOutlined /> {t('inbox.assist.summary')}
        </strong>
        <Button
          size="small"
          type="text"
          icon={<ReloadOutlined />}
          loading={summary.isFetching}
          onClick={() => void summary.refetch()}
          aria-label={t('inbox.assist.summaryAgain')}
          data-testid="summary-again"
        />
      </div>
      {summary.isFetching && !summary.data ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : summary.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t(errorKey(summary.error, 'inbox.assist.failed'))}
          data-testid="summary-failed"
        />
      ) : (
        <p className="conversation-summary__text" data-testid="summary-text">
          {summary.data?.text}
        </p>
      )}
    </div>
  );
}
