import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { RetryNotice } from '../../../components/retry-notice';
import { TabSaveFooter } from './tab-save-footer';
import { useRetrievalNotice } from '../../../lib/notices';
import { useTabSettingsForm } from '../hooks/use-tab-settings-form';
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
import { TabLoading } from './tab-loading';

const FIELD_LABELS: Record<CsatTextField[0], Record<CsatTextField[1], TranslationKey>> = {
  question: { en: 'channels.csat.questionEn', th: 'channels.csat.questionTh' },
  thankYou: { en: 'channels.csat.thankYouEn', th: 'channels.csat.thankYouTh' },
};

/**
 * A channel's satisfaction survey: on or off, and the question and thank-you the customer
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
        <TabLoading testId="csat-settings-loading" />
      )}
    </section>
  );
}

/** The survey's switch and texts as a form of its own, with its own Save. */
function CsatForm({ channelId, saved }: { channelId: string; saved: CsatSettings }) {
  const { t } = useTranslation();
  const saveMutation = useSaveCsatSettings();
  const { form, canUpdate, initialValues, formMessage, clearMessage, isDirty, submit } =
    useTabSettingsForm<CsatSettings>({
      saved,
      // The server's texts come back trimmed.
      save: (values) => saveMutation.mutateAsync({ channelId, body: toSaveRequest(values) }),
      hasChanges,
      fieldOfPath: csatFieldOfPath,
      savedNotice: 'channels.csat.saved',
    });

  return (
    <Form<CsatSettings>
      form={form}
      name="csat"
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={() => void submit()}
      onValuesChange={clearMessage}
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
