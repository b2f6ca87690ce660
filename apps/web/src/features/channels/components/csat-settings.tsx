import { useState } from 'react';
import { Form, Input, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@sabai/contracts';
import { isAllowed } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { RetryNotice } from '../../../components/retry-notice';
import { TabSaveFooter } from './tab-save-footer';
import { ApiError } from '../../../lib/api-client';
import { errorKey } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/me';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useCsatSettings, useSaveCsatSettings, type CsatSettings } from '../api/csat-settings';
import {
  CSAT_TEXT_FIELDS,
  CSAT_TEXT_MAX,
  csatFieldOfPath,
  csatTextProblem,
  hasChanges,
  toSaveRequest,
  type CsatTextField,
} from '../utils/csat-settings';
import '../csat-settings.css';

const FIELD_LABELS: Record<CsatTextField[0], Record<CsatTextField[1], TranslationKey>> = {
  question: { en: 'channels.csat.questionEn', th: 'channels.csat.questionTh' },
  thankYou: { en: 'channels.csat.thankYouEn', th: 'channels.csat.thankYouTh' },
};

/**
 * A channel's satisfaction survey (issue 18 item 1): on or off, and the question and thank-you the customer
 * reads, in English and Thai. Saved apart from the channel's other settings (PUT /channels/:id/csat).
 */
export function CsatSettingsPanel({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const settingsQuery = useCsatSettings(channel.id);
  useRetrievalNotice(settingsQuery.isError, 'csat_settings');

  return (
    <section className="csat-settings" data-testid="csat-settings" aria-labelledby="csat-settings-title">
      <h3 id="csat-settings-title" className="channel-form__section-title">
        {t('channels.csat.title')}
      </h3>
      <ul className="csat-settings__about">
        <li>{t('channels.csat.about')}</li>
        <li>{t('channels.csat.aboutComment')}</li>
        <li>{t('channels.csat.aboutWindow')}</li>
      </ul>
      {settingsQuery.data ? (
        <CsatForm channelId={channel.id} saved={settingsQuery.data} />
      ) : settingsQuery.isError ? (
        <RetryNotice onRetry={() => void settingsQuery.refetch()} />
      ) : (
        <div aria-busy="true" aria-label={t('common.loading')} data-testid="csat-settings-loading">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      )}
    </section>
  );
}

/** The survey's switch and texts as a form of its own, with its own Save. */
function CsatForm({ channelId, saved }: { channelId: string; saved: CsatSettings }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [form] = Form.useForm<CsatSettings>();
  const saveMutation = useSaveCsatSettings();
  const canUpdate = isAllowed(usePermissions(), 'channel', 'update', ['all']);
  const [initialValues] = useState(saved);
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const values = Form.useWatch([], form) as CsatSettings | undefined;
  const isDirty = hasChanges(values, saved);

  async function handleFinish() {
    setFormMessage(null);
    try {
      const next = await saveMutation.mutateAsync({
        channelId,
        body: toSaveRequest(form.getFieldsValue(true) as CsatSettings),
      });
      // The server's texts: trimmed.
      form.setFieldsValue(next);
      notice.success('channels.csat.saved');
    } catch (error) {
      showFeedback(error);
    }
  }

  function showFeedback(error: unknown) {
    if (error instanceof ApiError && error.code === 'validation.failed' && Array.isArray(error.details)) {
      const fields = (error.details as Array<{ path?: unknown }>).flatMap((detail) => {
        const name = typeof detail?.path === 'string' ? csatFieldOfPath(detail.path) : null;
        return name ? [{ name, errors: [t('channels.form.invalidField')] }] : [];
      });
      form.setFields(fields);
    }
    setFormMessage(errorKey(error, 'common.error.update'));
  }

  return (
    <Form<CsatSettings>
      form={form}
      name="csat"
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={() => void handleFinish()}
      onValuesChange={() => setFormMessage(null)}
      scrollToFirstError={{ block: 'center' }}
      disabled={!canUpdate}
      className="csat-settings__form"
      data-testid="csat-settings-form"
    >
      <Form.Item
        name="enabled"
        label={t('channels.csat.enabled')}
        extra={t('channels.csat.enabledHint')}
        valuePropName="checked"
      >
        <Switch data-testid="csat-enabled" />
      </Form.Item>
      <p className="channel-form__hint">{t('channels.csat.languagesHint')}</p>
      {CSAT_TEXT_FIELDS.map(([text, lang]) => (
        <Form.Item
          key={`${text}-${lang}`}
          name={[text, lang]}
          label={t(FIELD_LABELS[text][lang])}
          extra={text === 'thankYou' && lang === 'en' ? t('channels.csat.thankYouHint') : undefined}
          rules={[
            {
              validator: async (_, value?: string) => {
                const problem = csatTextProblem(value);
                if (problem === 'required')
                  throw new Error(t('channels.csat.required', { max: CSAT_TEXT_MAX }));
                if (problem === 'tooLong')
                  throw new Error(t('channels.form.tooLong', { max: CSAT_TEXT_MAX }));
              },
            },
          ]}
        >
          <Input.TextArea
            lang={lang}
            autoSize={{ minRows: 2, maxRows: 6 }}
            count={{ show: true, max: CSAT_TEXT_MAX }}
            data-testid={`csat-${text === 'question' ? 'question' : 'thank-you'}-${lang}`}
          />
        </Form.Item>
      ))}
      {canUpdate && (
        <TabSaveFooter
          testId="csat-settings"
          message={formMessage}
          isDirty={isDirty}
          saving={saveMutation.isPending}
          unsavedLabel="channels.csat.unsaved"
          saveLabel="channels.csat.save"
        />
      )}
    </Form>
  );
}
