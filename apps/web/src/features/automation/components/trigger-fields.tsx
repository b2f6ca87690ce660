import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ISSUE_STATUSES } from '@sabai/domain';
import { SETTABLE_STATUSES } from '@sabai/contracts';
import { DurationInput } from '../../../components/duration-input';
import { ANY_STATUS, isMinutesOutOfRange, TRIGGERS, type RuleFormValues } from '../utils/rule-form';

/** What starts the rule, and for a status change or idle time, which status and how long. */
export function TriggerFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<RuleFormValues>();
  const trigger = Form.useWatch('trigger', form);
  const statusLabel = (status: string) => t(`issue.status.${status as (typeof ISSUE_STATUSES)[number]}`);

  return (
    <div className="rule-fields rule-fields--trigger">
      <Form.Item name="trigger" label={t('automation.form.trigger')} className="rule-fields__wide">
        <Select
          options={TRIGGERS.map((value) => ({ value, label: t(`automation.triggers.${value}`) }))}
          data-testid="rule-trigger"
        />
      </Form.Item>
      {trigger === 'status_changed' && (
        <Form.Item name="toStatus" label={t('automation.form.toStatus')}>
          <Select
            options={[
              { value: ANY_STATUS, label: t('automation.form.anyStatus') },
              ...ISSUE_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
            ]}
          />
        </Form.Item>
      )}
      {trigger === 'idle' && (
        <>
          <Form.Item name="idleStatus" label={t('automation.form.idleStatus')}>
            <Select options={SETTABLE_STATUSES.map((value) => ({ value, label: statusLabel(value) }))} />
          </Form.Item>
          <Form.Item
            name="idleMinutes"
            label={t('automation.form.idleTime')}
            rules={[
              {
                validator: async (_, minutes: number | null | undefined) => {
                  if (isMinutesOutOfRange(minutes)) throw new Error(t('automation.form.minutesRange'));
                },
              },
            ]}
          >
            <DurationInput
              defaultUnit="hours"
              unitLabel={t('automation.form.unit', { field: t('automation.form.idleTime') })}
              testId="rule-idle-minutes"
            />
          </Form.Item>
        </>
      )}
    </div>
  );
}
