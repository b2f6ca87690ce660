import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { letterCount } from '@sabai/domain';
import {
  QUICK_REPLIES_MAX,
  QUICK_REPLY_TYPES_OF,
  type CannedCategory,
  type CannedResponse,
  type QuickReply,
} from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { useSaveResponse } from '../api/save-response';
import {
  CANNED_MESSAGE_MAX,
  FILES_MAX,
  isMessageWithinLimit,
  NAME_MAX,
  responseSaveFeedback,
  toResponseRequest,
  toResponseValues,
} from '../utils/canned-form';
import type { ResponseFormValues } from '../utils/canned-form';
import { AttachmentsField } from './attachments-field';
import { QuickRepliesForm } from '../../../components/quick-replies-editor';

type ResponseFormProps = {
  /** The response being edited; null when adding one. */
  response: CannedResponse | null;
  /** The category a new response starts in (the one chosen in the side list). */
  categoryId: string | null;
  categories: readonly CannedCategory[];
  onSaved: (response: CannedResponse, isNew: boolean) => void;
  onCancel: () => void;
};

/** A canned response's category, name, message (500 letters at most, counted) and files. */
export function ResponseForm({ response, categoryId, categories, onSaved, onCancel }: ResponseFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResponseFormValues>();
  const saveMutation = useSaveResponse();
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const initialValues = useMemo(() => toResponseValues(response, categoryId), [response, categoryId]);
  const categoryOptions = useMemo(
    () =>
      categories
        .filter((category) => category.canUpdate || category.id === initialValues.categoryId)
        .map((category) => ({ value: category.id, label: category.name })),
    [categories, initialValues.categoryId],
  );
  const message = Form.useWatch('message', form) ?? initialValues.message;
  const letters = letterCount(message.trim());

  async function handleFinish() {
    const values = form.getFieldsValue(true) as ResponseFormValues;
    setFormMessage(null);
    try {
      const saved = await saveMutation.mutateAsync({
        id: response?.id ?? null,
        body: toResponseRequest(values),
      });
      onSaved(saved, response === null);
    } catch (error) {
      const feedback = responseSaveFeedback(error);
      form.setFields(
        feedback.flatMap(({ field, message: key }) => (field ? [{ name: field, errors: [t(key)] }] : [])),
      );
      setFormMessage(feedback.find(({ field }) => field === null)?.message ?? null);
    }
  }

  return (
    <Form<ResponseFormValues>
      form={form}
      name="canned"
      layout="vertical"
      initialValues={initialValues}
      onFinish={() => void handleFinish()}
      onValuesChange={() => setFormMessage(null)}
      data-testid="canned-form"
    >
      {formMessage && <Alert type="error" showIcon title={t(formMessage)} className="settings-form__alert" />}
      <Form.Item
        name="categoryId"
        label={t('canned.form.category')}
        rules={[{ required: true, message: t('canned.form.categoryRequired') }]}
      >
        <Select
          options={categoryOptions}
          placeholder={t('canned.form.categoryPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('canned.form.name')}
        rules={[
          { required: true, whitespace: true, message: t('canned.form.nameRequired') },
          { max: NAME_MAX, message: t('list.tooLong', { max: NAME_MAX }) },
        ]}
      >
        <Input maxLength={NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="message"
        label={t('canned.form.message')}
        extra={
          <Typography.Text
            type={letters > CANNED_MESSAGE_MAX ? 'danger' : 'secondary'}
            className="canned-form__counter"
            data-testid="canned-counter"
          >
            {t('canned.form.letters', { count: letters, max: CANNED_MESSAGE_MAX })}
          </Typography.Text>
        }
        rules={[
          { required: true, whitespace: true, message: t('canned.form.messageRequired') },
          {
            validator: async (_, value?: string) => {
              if (!isMessageWithinLimit(value ?? ''))
                throw new Error(t('canned.form.messageTooLong', { max: CANNED_MESSAGE_MAX }));
            },
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 12 }} />
      </Form.Item>
      <Form.Item
        name="attachments"
        label={t('canned.form.attachments')}
        extra={t('canned.form.attachmentsHint', { max: FILES_MAX })}
      >
        <AttachmentsField />
      </Form.Item>
      <Form.Item
        name="quickReplies"
        label={t('canned.form.quickReplies')}
        extra={t('canned.form.quickRepliesHint', { max: QUICK_REPLIES_MAX })}
      >
        <QuickRepliesField />
      </Form.Item>
      <div className="settings-form__actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saveMutation.isPending} data-testid="canned-save">
          {t('canned.form.save')}
        </Button>
      </div>
    </Form>
  );
}

/** A form item's control: the response's quick-reply buttons (every type: LINE takes them all). */
function QuickRepliesField({
  value = [],
  onChange,
}: {
  value?: QuickReply[];
  onChange?: (value: QuickReply[]) => void;
}) {
  return (
    <div data-testid="canned-quick-replies">
      <QuickRepliesForm
        types={QUICK_REPLY_TYPES_OF.line}
        value={value}
        onChange={(next) => onChange?.(next)}
      />
    </div>
  );
}
