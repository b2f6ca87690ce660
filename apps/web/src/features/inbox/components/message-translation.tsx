// A customer's message in the reader's language, on demand: "Translate" under a message written
// in another language than the app's; the translation shows under the original, which stays.
import { useMemo } from 'react';
import { Button, Spin } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routes } from '@sabai/contracts';
import { detectTextLanguage } from '@sabai/domain';
import { api } from '../../../lib/api';
import { useNotice } from '../../../lib/notices';
import { LinkedText } from './linked-text';
import { useAssistFeatures } from '../api/assist';

type Props = { issueId: number; messageId: number; text: string };

/** "Translate" under a customer's message, then its translation; nothing when translating is off. */
export function MessageTranslation({ issueId, messageId, text }: Props) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const features = useAssistFeatures();
  const to = i18n.language === 'th' ? 'th' : 'en';
  // Kept in the query cache: a row scrolled away and back (the list is virtual) shows it again.
  const translation = useQuery({
    queryKey: ['message-translation', issueId, messageId, to],
    queryFn: () => api(routes.assist.translate, { params: { id: issueId }, body: { messageId, to } }),
    enabled: false,
    staleTime: Infinity,
    retry: false,
  });
  // Reading the script of a long text is not free: once per text, and only when translating is on.
  const from = useMemo(
    () => (features.translate ? detectTextLanguage(text) : null),
    [features.translate, text],
  );
  if (!features.translate || from === null || from === to) return null;
  if (translation.data)
    return (
      <div className="bubble__translation" lang={to} data-testid="message-translation">
        <span className="bubble__translation-label">
          <TranslationOutlined /> {t('inbox.assist.translation')}
        </span>
        <LinkedText text={translation.data.text} />
      </div>
    );
  return (
    <Button
      type="link"
      size="small"
      className="bubble__translate"
      icon={translation.isFetching ? <Spin size="small" /> : <TranslationOutlined />}
      disabled={translation.isFetching}
      onClick={() =>
        void translation.refetch().then((result) => {
          if (result.isError) notice.error(result.error, 'inbox.assist.failed');
        })
      }
      data-testid="translate-message"
    >
      {t('inbox.assist.translateMessage')}
    </Button>
  );
}
