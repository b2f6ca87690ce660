import { useMemo, useState } from 'react';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import { DrawerFormFooter } from '../../../components/drawer-form-footer';
import { FormSection } from '../../../components/form-section';
import { useSaveAutomationRule, type AutomationRule } from '../api/automation-rules';
import { NAME_MAX, ruleSaveFeedback, toFormValues, toRequest, type RuleFormValues } from '../utils/rule-form';
import { ActionList } from './action-list';
import { ConditionList } from './condition-list';
import { RuleTestPanel } from './rule-test-panel';
import { TriggerFields } from './trigger-fields';

type RuleFormProps = {
  /** The rule being edited; null when adding one. */
  rule: AutomationRule | null;
  onSaved: (rule: AutomationRule, isNew: boolean) => void;
  onCancel: () => void;
};

/** A rule's name and switch, then its three parts: When (the trigger), If (conditions), Then (actions). */
export function RuleForm({ rule, onSaved, onCancel }: RuleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleFormValues>();
  const saveMutation = useSaveAutomationRule();
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const initialValues = useMemo(() => toFormValues(rule), [rule]);

  async function handleFinish() {
    setFormMessage(null);
    // Every field, the hidden ones of the list items included (getFieldsValue() alone returns registered ones).
    const values = form.getFieldsValue(true) as RuleFormValues;
    try {
      const saved = await saveMutation.mutateAsync({ id: rule?.id ?? null, body: toRequest(values) });
      onSaved(saved, rule === null);
    } catch (error) {
      const feedback = ruleSaveFeedback(error);
      const onFields = feedback.flatMap(({ field, message }) =>
        field ? [{ name: field, errors: [t(message)] }] : [],
      );
      // The paths come from the server's answer: typed as antd's field data, which lists the form's paths.
      form.setFields(onFields as Parameters<typeof form.setFields>[0]);
      setFormMessage(feedback.find(({ field }) => field === null)?.message ?? null);
    }
  }

  return (
    <Form<RuleFormValues>
      form={form}
      name="automation"
      layout="vertical"
      initialValues={initialValues}
      onFinish={() => void handleFinish()}
      onValuesChange={() => setFormMessage(null)}
      scrollToFirstError={{ block: 'center' }}
      requiredMark={false}
      className="rule-form"
      data-testid="rule-form"
    >
      <div className="rule-form__head">
        <Form.Item
          name="name"
          label={t('automation.form.name')}
          rules={[
            { required: true, whitespace: true, message: t('automation.form.nameRequired') },
            { max: NAME_MAX, message: t('list.tooLong', { max: NAME_MAX }) },
          ]}
          className="rule-form__name"
        >
          <Input maxLength={NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="isActive" label={t('automation.form.active')} valuePropName="checked">
          <Switch data-testid="rule-active" />
        </Form.Item>
      </div>
      <FormSection title={t('automation.form.when')} testId="rule-when">
        <TriggerFields />
      </FormSection>
      <FormSection title={t('automation.form.if')} hint={t('automation.form.ifHint')} testId="rule-if">
        <ConditionList />
      </FormSection>
      <FormSection title={t('automation.form.then')} hint={t('automation.form.thenHint')} testId="rule-then">
        <ActionList />
      </FormSection>
      <RuleTestPanel form={form} />
      <DrawerFormFooter
        message={formMessage}
        saveLabel="automation.form.save"
        isSaving={saveMutation.isPending}
        onCancel={onCancel}
        testId="rule"
      />
    </Form>
  );
}
