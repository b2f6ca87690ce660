import { Alert, Button, Form, Input, InputNumber, Radio, Slider, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIRST_RESPONDER_MAX_TURNS, FIRST_RESPONDER_WHEN, type Channel } from '@sabai/contracts';
import { isAllowed } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { AppLink } from '../../../components/app-link';
import { RetryNotice } from '../../../components/retry-notice';
import { usePermissions } from '../../../lib/me';
import { useRetrievalNotice } from '../../../lib/notices';
import { useTabSettingsForm } from '../hooks/use-tab-settings-form';
import {
  useAiAssistSettings,
  useFirstResponderSettings,
  useSaveFirstResponderSettings,
  type FirstResponderSettings,
} from '../api/first-responder-settings';
import {
  DEFAULT_LABEL,
  FIRST_RESPONDER_LIMITS,
  HAND_OVER_WORD_LIMITS,
  firstResponderFieldOfPath,
  hasChanges,
  isResponderSwitchedOff,
  labelProblem,
  minutesProblem,
  toSaveRequest,
  usesMinutes,
} from '../utils/first-responder';
import { KeywordTags } from './keyword-tags';
import { TabSaveFooter } from './tab-save-footer';
import '../first-responder-settings.css';
import { TabLoading } from './tab-loading';

const WHEN_LABELS: Record<(typeof FIRST_RESPONDER_WHEN)[number], TranslationKey> = {
  outsideHours: 'channels.firstResponder.whenOutsideHours',
  unassigned: 'channels.firstResponder.whenUnassigned',
  both: 'channels.firstResponder.whenBoth',
};

const WORD_TEXTS = {
  list: 'channels.firstResponder.handOverWords',
  remove: 'channels.firstResponder.removeWord',
  placeholder: 'channels.firstResponder.wordPlaceholder',
} as const;

const { minutes: MINUTES, confidence: CONFIDENCE } = FIRST_RESPONDER_LIMITS;

/**
 * A channel's AI first responder: on or off, when it answers, the words that hand
 * over at once, how sure it must be and the label customers read. Saved apart from the channel's other
 * settings (PUT /channels/:id/first-responder).
 */
export function FirstResponderPanel({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const settingsQuery = useFirstResponderSettings(channel.id);
  useRetrievalNotice(settingsQuery.isError, 'first_responder_settings');
  const mayReadAi = isAllowed(usePermissions(), 'channel', 'view', ['all']);
  const aiQuery = useAiAssistSettings(mayReadAi);

  return (
    <section
      className="first-responder-settings"
      data-testid="first-responder-settings"
      aria-labelledby="first-responder-settings-title"
    >
      <h3 id="first-responder-settings-title" className="channel-form__section-title">
        {t('channels.firstResponder.title')}
      </h3>
      <ul className="first-responder-settings__about">
        <li>{t('channels.firstResponder.about')}</li>
        <li>{t('channels.firstResponder.aboutHandOver', { turns: FIRST_RESPONDER_MAX_TURNS })}</li>
      </ul>
      {aiQuery.data && isResponderSwitchedOff(aiQuery.data) && (
        <Alert
          type="info"
          showIcon
          title={t('channels.firstResponder.featureOff')}
          action={<AppLink to="/setting/ai">{t('channels.firstResponder.featureOffLink')}</AppLink>}
          className="first-responder-settings__feature-off"
          data-testid="first-responder-feature-off"
        />
      )}
      {settingsQuery.data ? (
        <FirstResponderForm channelId={channel.id} saved={settingsQuery.data} />
      ) : settingsQuery.isError ? (
        <RetryNotice onRetry={() => void settingsQuery.refetch()} />
      ) : (
        <TabLoading testId="first-responder-settings-loading" rows={8} />
      )}
    </section>
  );
}

/** The responder's settings as a form of its own, with its own Save. */
function FirstResponderForm({ channelId, saved }: { channelId: string; saved: FirstResponderSettings }) {
  const { t } = useTranslation();
  const saveMutation = useSaveFirstResponderSettings();
  const { form, canUpdate, initialValues, formMessage, clearMessage, isDirty, submit } =
    useTabSettingsForm<FirstResponderSettings>({
      saved,
      // The server's values come back with the label trimmed and repeated words dropped.
      save: (values) => saveMutation.mutateAsync({ channelId, body: toSaveRequest(values) }),
      hasChanges,
      fieldOfPath: firstResponderFieldOfPath,
      savedNotice: 'channels.firstResponder.saved',
    });
  const when = Form.useWatch('when', form);
  const label = Form.useWatch('label', form);

  return (
    <Form<FirstResponderSettings>
      form={form}
      name="firstResponder"
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={() => void submit()}
      onValuesChange={clearMessage}
      scrollToFirstError={{ block: 'center' }}
      disabled={!canUpdate}
      className="first-responder-settings__form"
      data-testid="first-responder-form"
    >
      <Form.Item
        name="enabled"
        label={t('channels.firstResponder.enabled')}
        extra={t('channels.firstResponder.enabledHint')}
        valuePropName="checked"
      >
        <Switch data-testid="first-responder-enabled" />
      </Form.Item>
      <Form.Item
        name="when"
        label={t('channels.firstResponder.when')}
        extra={t('channels.firstResponder.whenHint')}
      >
        <Radio.Group data-testid="first-responder-when">
          {FIRST_RESPONDER_WHEN.map((value) => (
            <Radio key={value} value={value} data-testid={`first-responder-when-${value}`}>
              {t(WHEN_LABELS[value])}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {/* Kept in the form while hidden, so the saved minutes come back with "unassigned" again. */}
      <Form.Item
        name="unassignedMinutes"
        label={t('channels.firstResponder.unassignedMinutes')}
        extra={t('channels.firstResponder.unassignedMinutesHint')}
        hidden={!usesMinutes(when)}
        rules={[
          {
            validator: async (_, value?: number | null) => {
              if (usesMinutes(form.getFieldValue('when')) && minutesProblem(value))
                throw new Error(t('channels.firstResponder.minutesRange', MINUTES));
            },
          },
        ]}
      >
        <InputNumber
          min={MINUTES.min}
          max={MINUTES.max}
          precision={0}
          suffix={t('channels.firstResponder.minutes')}
          className="first-responder-settings__minutes"
          data-testid="first-responder-minutes"
        />
      </Form.Item>
      <Form.Item
        name="handOverWords"
        label={t('channels.firstResponder.handOverWords')}
        extra={t('channels.firstResponder.handOverWordsHint')}
      >
        <KeywordTags
          disabled={!canUpdate}
          limits={HAND_OVER_WORD_LIMITS}
          texts={WORD_TEXTS}
          testId="first-responder-word"
        />
      </Form.Item>
      <Form.Item
        label={t('channels.firstResponder.confidence')}
        extra={t('channels.firstResponder.confidenceHint', {
          min: CONFIDENCE.min,
          max: CONFIDENCE.max,
        })}
      >
        <div className="first-responder-settings__confidence">
          <Form.Item name="confidenceThreshold" noStyle>
            <Slider
              min={CONFIDENCE.min}
              max={CONFIDENCE.max}
              step={CONFIDENCE.step}
              className="first-responder-settings__slider"
              ariaLabelForHandle={t('channels.firstResponder.confidence')}
              data-testid="first-responder-confidence-slider"
            />
          </Form.Item>
          <Form.Item name="confidenceThreshold" noStyle>
            <InputNumber
              min={CONFIDENCE.min}
              max={CONFIDENCE.max}
              step={CONFIDENCE.step}
              precision={2}
              aria-label={t('channels.firstResponder.confidence')}
              data-testid="first-responder-confidence"
            />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item
        name="label"
        label={t('channels.firstResponder.label')}
        extra={
          <span className="first-responder-settings__label-hint">
            {t('channels.firstResponder.labelHint', { label: DEFAULT_LABEL })}
            {canUpdate && label?.trim() !== DEFAULT_LABEL && (
              <Button
                type="link"
                size="small"
                onClick={() => form.setFieldValue('label', DEFAULT_LABEL)}
                data-testid="first-responder-default-label"
              >
                {t('channels.firstResponder.useDefaultLabel')}
              </Button>
            )}
          </span>
        }
        rules={[
          {
            validator: async (_, value?: string) => {
              const problem = labelProblem(value);
              if (problem === 'required')
                throw new Error(
                  t('channels.firstResponder.labelRequired', { max: FIRST_RESPONDER_LIMITS.label }),
                );
              if (problem === 'tooLong')
                throw new Error(t('channels.form.tooLong', { max: FIRST_RESPONDER_LIMITS.label }));
            },
          },
        ]}
      >
        <Input
          count={{ show: true, max: FIRST_RESPONDER_LIMITS.label }}
          data-testid="first-responder-label"
        />
      </Form.Item>
      {canUpdate && (
        <TabSaveFooter
          testId="first-responder"
          message={formMessage}
          isDirty={isDirty}
          saving={saveMutation.isPending}
          unsavedLabel="channels.firstResponder.unsaved"
          saveLabel="channels.firstResponder.save"
        />
      )}
    </Form>
  );
}
