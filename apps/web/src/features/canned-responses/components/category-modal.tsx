import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CannedCategory } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { useSaveCategory } from '../api/save-category';
import { categorySaveFeedback, NAME_MAX } from '../utils/canned-form';

export type CategoryModalState = { mode: 'create' } | { mode: 'edit'; category: CannedCategory };

type CategoryModalProps = {
  state: CategoryModalState | null;
  onClose: () => void;
  onSaved: (category: CannedCategory, isNew: boolean) => void;
};

type CategoryFormValues = { name: string };

/** Adding or renaming a canned category (name required, duplicates refused). */
export function CategoryModal({ state, onClose, onSaved }: CategoryModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryFormValues>();
  const saveMutation = useSaveCategory();
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const category = state?.mode === 'edit' ? state.category : null;

  async function handleFinish(values: CategoryFormValues) {
    setFormMessage(null);
    try {
      const saved = await saveMutation.mutateAsync({
        id: category?.id ?? null,
        body: { name: values.name.trim() },
      });
      onSaved(saved, category === null);
    } catch (error) {
      const feedback = categorySaveFeedback(error);
      form.setFields(
        feedback.flatMap(({ field, message }) => (field ? [{ name: field, errors: [t(message)] }] : [])),
      );
      setFormMessage(feedback.find(({ field }) => field === null)?.message ?? null);
    }
  }

  return (
    <Modal
      open={state !== null}
      title={
        category
          ? t('canned.categories.editTitle', { name: category.name })
          : t('canned.categories.createTitle')
      }
      okText={t('canned.form.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saveMutation.isPending}
      destroyOnHidden
      rootClassName="category-modal"
    >
      {formMessage && <Alert type="error" showIcon title={t(formMessage)} className="settings-form__alert" />}
      <Form<CategoryFormValues>
        form={form}
        name="category"
        layout="vertical"
        initialValues={{ name: category?.name ?? '' }}
        onFinish={(values) => void handleFinish(values)}
        onValuesChange={() => setFormMessage(null)}
        preserve={false}
        data-testid="category-form"
      >
        <Form.Item
          name="name"
          label={t('canned.categories.name')}
          rules={[
            { required: true, whitespace: true, message: t('canned.categories.nameRequired') },
            { max: NAME_MAX, message: t('list.tooLong', { max: NAME_MAX }) },
          ]}
        >
          <Input maxLength={NAME_MAX} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
