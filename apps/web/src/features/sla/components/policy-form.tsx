import { useMemo, useState } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import { ChannelIcon } from '../../../components/channel-icon';
import { DrawerFormFooter } from '../../../components/drawer-form-footer';
import { DurationInput } from '../../../components/duration-input';
import type { DurationUnit } from '../../../lib/duration';
import type { Channel, TeamSummary } from '../api/scope-options';
import { useSaveSlaPolicy, type SlaPolicy } from '../api/sla-policies';
import {
  ANY,
  hasAnyTarget,
  isTargetOutOfRange,
  NAME_MAX,
  slaSaveFeedback,
  TARGET_FIELDS,
  toFormValues,
  toRequest,
  type SlaFormValues,
  type TargetField,
} from '../utils/sla-form';

const TARGETS: Record<TargetField, { label: TranslationKey; hint: TranslationKey; unit: DurationUnit }> = {
  firstResponseMinutes: {
    label: 'sla.form.firstResponse',
    hint: 'sla.form.firstResponseHint',
    unit: 'minutes',
  },
  nextResponseMinutes: { label: 'sla.form.nextResponse', hint: 'sla.form.nextResponseHint', unit: 'minutes' },
  resolutionMinutes: { label: 'sla.form.resolution', hint: 'sla.form.resolutionHint', unit: 'hours' },
};

type PolicyFormProps = {
  /** The policy being edited; null when adding one. */
  policy: SlaPolicy | null;
  teams: readonly TeamSummary[];
  channels: readonly Channel[];
  isLoadingOptions: boolean;
  onSaved: (policy: SlaPolicy, isNew: boolean) => void;
  onCancel: () => void;
};

/**
 * A policy's name, the team and channel it is for ("any" of each), its three optional targets (at least one),
 * whether they count in business hours or around the clock, and whether it is active.
 */
export function PolicyForm({
  policy,
  teams,
  channels,
  isLoadingOptions,
  onSaved,
  onCancel,
}: PolicyFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SlaFormValues>();
  const saveMutation = useSaveSlaPolicy();
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const initialValues = useMemo(() => toFormValues(policy), [policy]);
  const teamOptions = useMemo(
    () => [
      { value: ANY, label: t('sla.anyTeam') },
      ...teams.map((team) => ({ value: team.id, label: team.name })),
    ],
    [teams, t],
  );
  const channelOptions = useMemo(
    () => [
      { value: ANY, label: t('sla.anyChannel'), type: null },
      ...channels.map((channel) => ({ value: channel.id, label: channel.name, type: channel.type })),
    ],
    [channels, t],
  );

  async function handleFinish(values: SlaFormValues) {
    setFormMessage(null);
    try {
      const saved = await saveMutation.mutateAsync({ id: policy?.id ?? null, body: toRequest(values) });
      onSaved(saved, policy === null);
    } catch (error) {
      const feedback = slaSaveFeedback(error);
      const onFields = feedback.flatMap(({ field, message }) => (field ? [{ field, message }] : []));
      form.setFields(onFields.map(({ field, message }) => ({ name: field, errors: [t(message)] })));
      setFormMessage(feedback.find(({ field }) => field === null)?.message ?? null);
    }
  }

  return (
    <Form<SlaFormValues>
      form={form}
      name="sla"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void handleFinish(values)}
      onValuesChange={() => setFormMessage(null)}
      scrollToFirstError={{ block: 'center' }}
      requiredMark
      data-testid="sla-form"
    >
      <Form.Item
        name="name"
        label={t('sla.form.name')}
        rules={[
          { required: true, whitespace: true, message: t('sla.form.nameRequired') },
          { max: NAME_MAX, message: t('list.tooLong', { max: NAME_MAX }) },
        ]}
      >
        <Input maxLength={NAME_MAX} autoComplete="off" />
      </Form.Item>
      <div className="sla-form__scope">
        <Form.Item name="teamId" label={t('sla.form.team')}>
          <Select
            options={teamOptions}
            loading={isLoadingOptions}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="channelId" label={t('sla.form.channel')}>
          <Select
            options={channelOptions}
            loading={isLoadingOptions}
            showSearch={{ optionFilterProp: 'label' }}
            optionRender={(option) => (
              <span className="sla-channel">
                {option.data.type && <ChannelIcon type={option.data.type} size={16} />}
                {option.label}
              </span>
            )}
          />
        </Form.Item>
      </div>
      <fieldset className="sla-form__targets">
        <legend>{t('sla.form.targets')}</legend>
        <p className="sla-form__hint">{t('sla.form.targetsHint')}</p>
        {TARGET_FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(TARGETS[field].label)}
            extra={t(TARGETS[field].hint)}
            // The "at least one" rule sits on the first target and is checked again as the others change.
            dependencies={
              field === 'firstResponseMinutes' ? ['nextResponseMinutes', 'resolutionMinutes'] : []
            }
            rules={[
              {
                validator: async (_, value: number | null | undefined) => {
                  if (isTargetOutOfRange(value)) throw new Error(t('sla.form.range'));
                  const targets = TARGET_FIELDS.map((f) => form.getFieldValue(f) as number | null);
                  if (field === 'firstResponseMinutes' && !hasAnyTarget(targets))
                    throw new Error(t('sla.form.atLeastOne'));
                },
              },
            ]}
          >
            <DurationInput
              defaultUnit={TARGETS[field].unit}
              unitLabel={t('sla.form.unit', { target: t(TARGETS[field].label) })}
              testId={`sla-${field}`}
            />
          </Form.Item>
        ))}
      </fieldset>
      <Form.Item
        name="businessHours"
        label={t('sla.form.businessHours')}
        extra={t('sla.form.businessHoursHint')}
        valuePropName="checked"
      >
        <Switch data-testid="sla-business-hours" />
      </Form.Item>
      <Form.Item name="isActive" label={t('sla.form.active')} valuePropName="checked">
        <Switch data-testid="sla-active" />
      </Form.Item>
      <DrawerFormFooter
        message={formMessage}
        saveLabel="sla.form.save"
        isSaving={saveMutation.isPending}
        onCancel={onCancel}
        testId="sla"
      />
    </Form>
  );
}
