import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { useSaveTag } from '../api/save-tag';
import type { TeamSummary } from '../api/get-team-options';
import { ColourField } from './colour-field';
import { TagChip } from './tag-chip';
import { isValidColour, NAME_MAX, tagSaveFeedback, toFormValues, toRequest } from '../utils/tag-form';
import type { TagFormValues } from '../utils/tag-form';

type TagFormProps = {
  /** The tag being edited; null when adding one. */
  tag: Tag | null;
  teams: readonly TeamSummary[];
  isTeamsLoading: boolean;
  onSaved: (tag: Tag, isNew: boolean) => void;
  onCancel: () => void;
};

/** A tag's name, colour and team, each required. */
export function TagForm({ tag, teams, isTeamsLoading, onSaved, onCancel }: TagFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TagFormValues>();
  const saveMutation = useSaveTag();
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const initialValues = useMemo(() => toFormValues(tag), [tag]);
  const teamOptions = useMemo(() => teams.map((team) => ({ value: team.id, label: team.name })), [teams]);
  const name = Form.useWatch('name', form) ?? '';
  const colour = Form.useWatch('colour', form) ?? initialValues.colour;

  async function handleFinish(values: TagFormValues) {
    setFormMessage(null);
    try {
      const saved = await saveMutation.mutateAsync({ id: tag?.id ?? null, body: toRequest(values) });
      onSaved(saved, tag === null);
    } catch (error) {
      const feedback = tagSaveFeedback(error);
      const onFields = feedback.flatMap(({ field, message }) => (field ? [{ field, message }] : []));
      form.setFields(onFields.map(({ field, message }) => ({ name: field, errors: [t(message)] })));
      setFormMessage(feedback.find(({ field }) => field === null)?.message ?? null);
    }
  }

  return (
    <Form<TagFormValues>
      form={form}
      name="tag"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void handleFinish(values)}
      onValuesChange={() => setFormMessage(null)}
      requiredMark
      data-testid="tag-form"
    >
      {formMessage && <Alert type="error" showIcon title={t(formMessage)} className="settings-form__alert" />}
      <Form.Item
        name="name"
        label={t('tags.form.name')}
        rules={[
          { required: true, whitespace: true, message: t('tags.form.nameRequired') },
          { max: NAME_MAX, message: t('list.tooLong', { max: NAME_MAX }) },
        ]}
      >
        <Input maxLength={NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="colour"
        label={t('tags.form.colour')}
        required
        rules={[
          {
            validator: async (_, value: unknown) => {
              if (typeof value !== 'string' || !value) throw new Error(t('tags.form.colourRequired'));
              if (!isValidColour(value)) throw new Error(t('tags.form.colourInvalid'));
            },
          },
        ]}
      >
        <ColourField />
      </Form.Item>
      <Form.Item
        name="teamId"
        label={t('tags.form.team')}
        rules={[{ required: true, message: t('tags.form.teamRequired') }]}
      >
        <Select
          options={teamOptions}
          loading={isTeamsLoading}
          placeholder={t('tags.form.teamPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item label={t('tags.form.preview')}>
        <TagChip colour={isValidColour(colour) ? colour : undefined} data-testid="tag-preview">
          {name.trim() || t('tags.form.name')}
        </TagChip>
      </Form.Item>
      <div className="settings-form__actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saveMutation.isPending} data-testid="tag-save">
          {t('tags.form.save')}
        </Button>
      </div>
    </Form>
  );
}
