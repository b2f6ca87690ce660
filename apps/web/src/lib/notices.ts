// Translated notices for failed calls and successes. antd's message API comes from a hook rendered
// in the providers (so the theme and locale apply) without pulling in App's modal and notification.
import { createContext, useCallback, useContext, useEffect } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import { useTranslation } from 'react-i18next';
import type { en, TranslationKey } from '@sabai/i18n';
import { errorKey } from './i18n';

export const MessageContext = createContext<MessageInstance | null>(null);

function useMessage(): MessageInstance {
  const message = useContext(MessageContext);
  if (!message) throw new Error('useMessage needs the MessageContext provider');
  return message;
}

/** A resource with its own failed-load notice. */
export type RetrievalResource = keyof (typeof en)['notices']['retrieve'];

/** Shows errors and successes as translated messages; never a raw error. */
export function useNotice() {
  const message = useMessage();
  const { t } = useTranslation();
  const error = useCallback(
    (failure: unknown, fallback: TranslationKey = 'common.error.update') => {
      void message.error(t(errorKey(failure, fallback)));
    },
    [message, t],
  );
  const success = useCallback((key: TranslationKey) => void message.success(t(key)), [message, t]);
  const info = useCallback((key: TranslationKey) => void message.info(t(key)), [message, t]);
  const warning = useCallback(
    (key: TranslationKey) => void message.warning({ content: t(key), key }),
    [message, t],
  );
  /**
   * A warning whose text is already translated (it carries values, such as a file name); a long one may
   * stay longer than antd's 3 seconds.
   */
  const warningText = useCallback(
    (content: string, durationSeconds?: number) =>
      void message.warning(durationSeconds === undefined ? content : { content, duration: durationSeconds }),
    [message],
  );
  /** A success whose text is already translated (it carries values, such as a count). */
  const successText = useCallback((content: string) => void message.success(content), [message]);
  return { error, success, successText, info, warning, warningText };
}

/** Shows the failed-load notice for a resource once each time its query fails. */
export function useRetrievalNotice(isError: boolean, resource: RetrievalResource): void {
  const message = useMessage();
  const { t } = useTranslation();
  useEffect(() => {
    if (isError)
      void message.error({ content: t(`notices.retrieve.${resource}`), key: `retrieve-${resource}` });
  }, [isError, resource, message, t]);
}
