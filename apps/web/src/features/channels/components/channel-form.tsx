import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Radio, Select, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@sabai/contracts';
import type { ChannelType } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { ApiError } from '../../../lib/api-client';
import { errorKey } from '../../../lib/i18n';
import { useCreateChannel } from '../api/create-channel';
import { teamsQueryKey } from '../api/get-teams';
import type { TeamSummary } from '../api/get-teams';
import { useUpdateChannel } from '../api/update-channel';
import {
  LIMITS,
  LINE_CHANNEL_ID,
  toCreateRequest,
  toFormValues,
  toUpdateRequest,
} from '../utils/channel-form';
import type { ChannelFormValues, KeywordRow } from '../utils/channel-form';
import { saveFeedback } from '../utils/server-errors';
import type { FieldName } from '../utils/server-errors';
import { useConfirm } from '../../../lib/use-confirm';
import { HolidaysEditor } from './holidays-editor';
import { KeywordsEditor } from './keywords-editor';
import { PagePicker } from './page-picker';
import { ShiftsEditor } from './shifts-editor';
import { WebhookUrl } from './webhook-url';

type ChannelFormProps = {
  type: ChannelType;
  /** The channel being edited; null when adding one. */
  channel: Channel | null;
  /** Messenger / Instagram being added: the Facebook Login connection listing the Pages. */
  connectionId: string | null;
  teams: readonly TeamSummary[];
  isTeamsLoading: boolean;
  /** The organisation's channels, to mark Pages already added. */
  channels: readonly Channel[];
  onSaved: (channel: Channel, isNew: boolean) => void;
  onCancel: () => void;
  onReconnect: () => void;
};

/** Every field of a channel with its validation rules mirrored from the server. */
export function ChannelForm({
  type,
  channel,
  connectionId,
  teams,
  isTeamsLoading,
  channels,
  onSaved,
  onCancel,
  onReconnect,
}: ChannelFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ChannelFormValues>();
  const [confirm, confirmHolder] = useConfirm();
  const createMutation = useCreateChannel();
  const updateMutation = useUpdateChannel();
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const [isConnectionExpired, setIsConnectionExpired] = useState(false);
  const assignedMode = Form.useWatch('assignedMode', form);
  const hoursMode = Form.useWatch('businessHoursMode', form);
  const initialValues = useMemo(() => toFormValues(channel ?? undefined), [channel]);
  const teamOptions = useMemo(() => teams.map((team) => ({ value: team.id, label: team.name })), [teams]);
  const isEdit = channel !== null;
  const isPending = createMutation.isPending || updateMutation.isPending;

  function handleValuesChange(changed: Partial<ChannelFormValues>) {
    setFormMessage(null);
    // A keyword repeating another is refused on every copy after the first: re-check the rows already
    // visited whenever one of them changes.
    if (changed.keywords) {
      const rows = (form.getFieldValue('keywords') as KeywordRow[] | undefined) ?? [];
      const names = rows
        .map((_, index): FieldName => ['keywords', index, 'keyword'])
        .filter((name) => form.isFieldTouched(name));
      if (names.length > 0) form.validateFields(names).catch(() => undefined);
    }
  }

  function showFeedback(error: unknown, values: ChannelFormValues) {
    const feedback = saveFeedback(error, values);
    if (feedback.fields.length > 0) {
      form.setFields(feedback.fields.map(({ name, message }) => ({ name, errors: [t(message)] })));
      const [first] = feedback.fields;
      if (first) form.scrollToField(first.name, { block: 'center' });
    }
    const message =
      feedback.message ?? (feedback.fields.length > 0 ? null : errorKey(error, 'common.error.update'));
    setFormMessage(message);
    setIsConnectionExpired(feedback.isConnectionExpired);
    if (error instanceof ApiError && error.code === 'channel.team_not_found')
      void queryClient.invalidateQueries({ queryKey: teamsQueryKey });
  }

  async function save(takeOver: boolean): Promise<void> {
    // All values, not only those with a field: holiday rows carry their id.
    const values = form.getFieldsValue(true) as ChannelFormValues;
    setFormMessage(null);
    try {
      const saved = channel
        ? await updateMutation.mutateAsync({ id: channel.id, body: toUpdateRequest(values) })
        : await createMutation.mutateAsync(toCreateRequest(values, type, { connectionId, takeOver }));
      onSaved(saved, !channel);
    } catch (error) {
      // A channel used in another organisation is taken over only once the admin confirms.
      if (
        !channel &&
        !takeOver &&
        error instanceof ApiError &&
        error.code === 'channel.used_by_other_organization'
      ) {
        confirm({
          title: t('channels.form.takeover.title'),
          content: t('channels.form.takeover.text'),
          okText: t('channels.form.takeover.ok'),
          onOk: () => save(true),
        });
        return;
      }
      showFeedback(error, values);
    }
  }

  const textRules = (required: TranslationKey | null, max: number) => [
    ...(required ? [{ required: true, whitespace: true, message: t(required) }] : []),
    { max, message: t('channels.form.tooLong', { max }) },
  ];
  const hasSecret = channel?.hasSecret ?? false;
  const hasAccessToken = channel?.hasAccessToken ?? false;

  const nameField = (
    <Form.Item
      name="name"
      label={t('channels.form.name')}
      rules={textRules('channels.form.nameRequired', LIMITS.name)}
    >
      <Input maxLength={LIMITS.name} />
    </Form.Item>
  );

  return (
    <Form<ChannelFormValues>
      form={form}
      name="channel"
      layout="vertical"
      initialValues={initialValues}
      onFinish={() => save(false)}
      onValuesChange={handleValuesChange}
      scrollToFirstError={{ block: 'center' }}
      className="channel-form"
      data-testid="channel-form"
    >
      {confirmHolder}
      <section className="channel-form__section">
        <h3 className="channel-form__section-title">{t('channels.form.sections.account')}</h3>
        {type === 'line' && (
          <>
            {nameField}
            <Form.Item
              name="externalId"
              label={t('channels.form.externalId')}
              extra={t('channels.form.externalIdHint')}
              rules={[
                { required: true, whitespace: true, message: t('channels.form.externalIdRequired') },
                {
                  validator: async (_, value?: string) => {
                    const id = (value ?? '').trim();
                    if (id && !LINE_CHANNEL_ID.test(id))
                      throw new Error(t('channels.form.externalIdInvalid'));
                  },
                },
              ]}
            >
              <Input inputMode="numeric" maxLength={20} disabled={isEdit} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="secret"
              label={t('channels.form.secret')}
              extra={t('channels.form.secretHint')}
              rules={textRules(hasSecret ? null : 'channels.form.secretRequired', LIMITS.secret)}
            >
              <Input.Password
                maxLength={LIMITS.secret}
                autoComplete="new-password"
                placeholder={hasSecret ? t('channels.form.savedSecret') : undefined}
              />
            </Form.Item>
            <Form.Item
              name="accessToken"
              label={t('channels.form.accessToken')}
              extra={t('channels.form.accessTokenHint')}
              rules={textRules(
                hasAccessToken ? null : 'channels.form.accessTokenRequired',
                LIMITS.accessToken,
              )}
            >
              <Input.Password
                maxLength={LIMITS.accessToken}
                autoComplete="new-password"
                placeholder={hasAccessToken ? t('channels.form.savedSecret') : undefined}
              />
            </Form.Item>
          </>
        )}
        {type !== 'line' && channel && (
          <>
            <dl className="channel-form__ids">
              <dt>{type === 'facebook' ? t('channels.form.pageId') : t('channels.form.instagramId')}</dt>
              <dd className="channel-id">{channel.externalId}</dd>
              {type === 'instagram' && channel.pageId && (
                <>
                  <dt>{t('channels.form.pageId')}</dt>
                  <dd className="channel-id">{channel.pageId}</dd>
                </>
              )}
            </dl>
            {nameField}
          </>
        )}
        {type !== 'line' && !channel && (
          <>
            {connectionId ? (
              <PagePicker
                type={type}
                connectionId={connectionId}
                channels={channels}
                onReconnect={onReconnect}
              />
            ) : (
              <Alert
                type="warning"
                showIcon
                title={t('errors.channel.connection_expired')}
                action={<Button onClick={onReconnect}>{t('channels.facebookLogin.again')}</Button>}
                className="channel-form__alert"
              />
            )}
            {nameField}
          </>
        )}
      </section>

      <section className="channel-form__section">
        <h3 className="channel-form__section-title">{t('channels.form.sections.webhook')}</h3>
        {type !== 'line' && <p className="channel-form__hint">{t('channels.form.metaWebhook')}</p>}
        {type === 'line' && channel && <WebhookUrl url={channel.webhookUrl} />}
        {channel && channel.unreadableDeliveries > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('channels.form.unreadableDeliveries', { count: channel.unreadableDeliveries })}
            description={t('channels.form.unreadableDeliveriesHint')}
            className="channel-form__alert"
            data-testid="unreadable-deliveries"
          />
        )}
        {type === 'line' && !channel && (
          <Alert
            type="info"
            showIcon
            title={t('channels.form.webhookAfterCreate')}
            className="channel-form__alert"
          />
        )}
      </section>

      <section className="channel-form__section">
        <h3 className="channel-form__section-title">{t('channels.form.sections.assignment')}</h3>
        <Form.Item
          name="assignedMode"
          label={t('channels.form.assignedMode')}
          extra={
            assignedMode === 'keyword'
              ? t('channels.form.modeHints.keyword')
              : t('channels.form.modeHints.normal')
          }
        >
          <Radio.Group
            optionType="button"
            options={[
              { value: 'normal', label: t('channels.modes.normal') },
              { value: 'keyword', label: t('channels.modes.keyword') },
            ]}
          />
        </Form.Item>
        <div className="channel-form__pair">
          <Form.Item
            name="assignedTeamId"
            label={t('channels.form.assignedTeam')}
            rules={[{ required: true, message: t('channels.form.assignedTeamRequired') }]}
          >
            <Select
              options={teamOptions}
              loading={isTeamsLoading}
              placeholder={t('channels.form.teamPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item
            name="reservedTeamId"
            label={t('channels.form.reservedTeam')}
            extra={t('channels.form.reservedTeamHint')}
          >
            <Select
              options={teamOptions}
              loading={isTeamsLoading}
              placeholder={t('channels.form.teamPlaceholder')}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </div>
        {assignedMode === 'keyword' && <KeywordsEditor teamOptions={teamOptions} />}
      </section>

      <section className="channel-form__section">
        <h3 className="channel-form__section-title">{t('channels.form.sections.hours')}</h3>
        <Form.Item name="businessHoursMode" label={t('channels.form.hoursMode')}>
          <Radio.Group
            options={[
              { value: '24x7', label: t('channels.form.hoursModes.always') },
              { value: 'custom', label: t('channels.form.hoursModes.custom') },
            ]}
          />
        </Form.Item>
        {hoursMode === 'custom' && (
          <>
            <ShiftsEditor />
            <Form.Item
              name="offServiceResponse"
              label={t('channels.form.offServiceResponse')}
              extra={t('channels.form.offServiceHint')}
              rules={textRules(null, LIMITS.message)}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={LIMITS.message} />
            </Form.Item>
          </>
        )}
      </section>

      <section className="channel-form__section">
        <h3 className="channel-form__section-title">{t('channels.form.sections.holidays')}</h3>
        <HolidaysEditor />
      </section>

      <section className="channel-form__section">
        <h3 className="channel-form__section-title">{t('channels.form.sections.conversation')}</h3>
        {type === 'line' && (
          <Form.Item
            name="sendAgentIdentity"
            label={t('channels.form.sendAgentIdentity')}
            extra={t('channels.form.sendAgentIdentityHint')}
            valuePropName="checked"
          >
            <Switch data-testid="send-agent-identity" />
          </Form.Item>
        )}
        {type === 'line' && (
          <Form.Item
            name="answerInGroups"
            label={t('channels.form.answerInGroups')}
            extra={t('channels.form.answerInGroupsHint')}
            valuePropName="checked"
          >
            <Switch data-testid="answer-in-groups" />
          </Form.Item>
        )}
        <Form.Item
          name="markReadOnOpen"
          label={t('channels.form.markReadOnOpen')}
          extra={t('channels.form.markReadOnOpenHint')}
          valuePropName="checked"
        >
          <Switch data-testid="mark-read-on-open" />
        </Form.Item>
      </section>

      <div className="channel-form__actions">
        {formMessage && (
          <Alert
            type="error"
            showIcon
            title={t(formMessage)}
            action={
              isConnectionExpired ? (
                <Button onClick={onReconnect}>{t('channels.facebookLogin.again')}</Button>
              ) : undefined
            }
            className="channel-form__message"
            data-testid="channel-form-message"
          />
        )}
        <div className="channel-form__buttons">
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={isPending} data-testid="channel-save">
            {isEdit ? t('channels.form.save') : t('channels.form.create')}
          </Button>
        </div>
      </div>
    </Form>
  );
}
