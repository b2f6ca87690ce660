import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@sabai/domain';
import type { Macro } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { FormSection } from '../../../components/form-section';
import { usePermissions } from '../../../lib/me';
import { useSaveMacro } from '../api/save-macro';
import {
  MACRO_NAME_MAX,
  macroSaveFeedback,
  toMacroRequest,
  toMacroValues,
  type MacroFormValues,
} from '../utils/macro-form';
import { MacroSteps } from './macro-steps';

type MacroFormProps = {
  /** The macro being edited; null when adding one. */
  macro: Macro | null;
  onSaved: (macro: Macro, isNew: boolean) => void;
  onCancel: () => void;
};

/** A macro's name, who can run it and its steps. */
export function MacroForm({ macro, onSaved, onCancel }: MacroFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MacroFormValues>();
  const saveMutation = useSaveMacro();
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  // Sharing with everyone takes the canned response scope all (Admin and Manager by default).
  const mayShare = isAllowed(usePermissions(), 'canned_response', 'create', ['all']);
  const initialValues = useMemo(() => toMacroValues(macro, mayShare), [macro, mayShare]);

  async function handleFinish() {
    const values = form.getFieldsValue(true) as MacroFormValues;
    setFormMessage(null);
    try {
      const saved = await saveMutation.mutateAsync({ id: macro?.id ?? null, body: toMacroRequest(values) });
      onSaved(saved, macro === null);
    } catch (error) {
      const feedback = macroSaveFeedback(error);
      form.setFields(
        feedback.flatMap(({ field, message }) =>
          field === 'name' ? [{ name: field, errors: [t(message)] }] : [],
        ),
      );
      // A missing team, tag or response belongs to no single field: it shows above the form.
      setFormMessage(feedback.find(({ field }) => field !== 'name')?.message ?? null);
    }
  }

  return (
    <Form<MacroFormValues>
      form={form}
      name="macro"
      layout="vertical"
      initialValues={initialValues}
      onFinish={() => void handleFinish()}
      onValuesChange={() => setFormMessage(null)}
      data-testid="macro-form"
    >
      {formMessage && <Alert type="error" showIcon title={t(formMessage)} className="settings-form__alert" />}
      <Form.Item
        name="name"
        label={t('canned.macros.form.name')}
        rules={[
          { required: true, whitespace: true, message: t('canned.macros.form.nameRequired') },
          { max: MACRO_NAME_MAX, message: t('list.tooLong', { max: MACRO_NAME_MAX }) },
        ]}
      >
        <Input maxLength={MACRO_NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="isShared"
        label={t('canned.macros.form.sharing')}
        extra={mayShare ? undefined : t('canned.macros.form.sharingHint')}
      >
        <Radio.Group
          options={[
            { value: true, label: t('canned.macros.form.shared'), disabled: !mayShare },
            { value: false, label: t('canned.macros.form.personal') },
          ]}
          data-testid="macro-sharing"
        />
      </Form.Item>
      <FormSection title={t('canned.macros.form.steps')} hint={t('canned.macros.form.stepsHint')}>
        <MacroSteps />
      </FormSection>
      <div className="settings-form__actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saveMutation.isPending} data-testid="macro-save">
          {t('canned.macros.form.save')}
        </Button>
      </div>
    </Form>
  );
}
