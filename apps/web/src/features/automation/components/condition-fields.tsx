import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RULE_CONTACT_FIELDS, RULE_TEXT_OPERATORS, type RuleConditionType } from '@sabai/domain';
import { StatusPicker, TagPicker } from '../../../components/step-editor/pickers';
import { TeamPicker } from '../../../components/step-editor/team-pickers';
import { CONTACT_VALUE_MAX, wordsProblem, type RuleFormValues } from '../utils/rule-form';
import { ChannelPicker } from './pickers';

type ConditionFieldsProps = {
  /** The condition's index in the form's `conditions`. */
  name: number;
  type: RuleConditionType;
};

/** The inputs of one condition, by its kind. */
export function ConditionFields({ name, type }: ConditionFieldsProps) {
  const { t } = useTranslation();
  const required = (message: string) => [{ required: true, type: 'array' as const, min: 1, message }];

  switch (type) {
    case 'channel':
      return (
        <Form.Item
          name={[name, 'channelIds']}
          label={t('automation.form.channels')}
          rules={required(t('automation.form.channelsRequired'))}
        >
          <ChannelPicker mode="multiple" />
        </Form.Item>
      );
    case 'team':
      return (
        <Form.Item
          name={[name, 'teamIds']}
          label={t('automation.form.teams')}
          rules={required(t('automation.form.teamsRequired'))}
        >
          <TeamPicker source="organisation" mode="multiple" />
        </Form.Item>
      );
    case 'status':
      return (
        <Form.Item
          name={[name, 'statuses']}
          label={t('automation.form.statuses')}
          rules={required(t('automation.form.statusesRequired'))}
        >
          <StatusPicker mode="multiple" />
        </Form.Item>
      );
    case 'tag':
      return (
        <div className="rule-fields">
          <Form.Item name={[name, 'has']} label={t('automation.form.tagMode')}>
            <Select
              options={[
                { value: true, label: t('automation.form.tagHas') },
                { value: false, label: t('automation.form.tagHasNone') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name={[name, 'tagIds']}
            label={t('automation.form.tags')}
            rules={required(t('automation.form.tagsRequired'))}
          >
            <TagPicker mode="multiple" />
          </Form.Item>
        </div>
      );
    case 'contact':
      return <ContactFields name={name} />;
    case 'message_text':
      return (
        <Form.Item
          name={[name, 'words']}
          label={t('automation.form.words')}
          extra={t('automation.form.wordsHint')}
          rules={[
            {
              validator: async (_, words: string[] | undefined) => {
                const problem = wordsProblem(words);
                if (problem) throw new Error(t(problem.key, { max: problem.max }));
              },
            },
          ]}
        >
          {/* Each word a tag: Enter or a comma adds what was typed (a pasted "wholesale, ขายส่ง" adds both). */}
          <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffix={null} />
        </Form.Item>
      );
    case 'business_hours':
      return (
        <Form.Item name={[name, 'inside']} label={t('automation.form.businessHours')}>
          <Radio.Group
            options={[
              { value: true, label: t('automation.form.inside') },
              { value: false, label: t('automation.form.outside') },
            ]}
          />
        </Form.Item>
      );
    case 'first_issue':
      return (
        <Form.Item name={[name, 'value']} label={t('automation.form.firstIssue')}>
          <Radio.Group
            options={[
              { value: true, label: t('automation.form.firstYes') },
              { value: false, label: t('automation.form.firstNo') },
            ]}
          />
        </Form.Item>
      );
  }
}

/** A contact field compared with a text, or checked for being filled in (then there is no text to type). */
function ContactFields({ name }: { name: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<RuleFormValues>();
  const operator = Form.useWatch(['conditions', name, 'operator'], form) as string | undefined;
  const comparesText = operator === 'contains' || operator === 'equals';
  return (
    <div className="rule-fields rule-fields--three">
      <Form.Item name={[name, 'field']} label={t('automation.form.contactField')}>
        <Select
          options={RULE_CONTACT_FIELDS.map((value) => ({
            value,
            label: t(`automation.form.contactFieldOptions.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item name={[name, 'operator']} label={t('automation.form.operator')}>
        <Select
          options={RULE_TEXT_OPERATORS.map((value) => ({ value, label: t(`automation.operators.${value}`) }))}
        />
      </Form.Item>
      {comparesText && (
        <Form.Item
          name={[name, 'value']}
          label={t('automation.form.value')}
          rules={[
            { required: true, whitespace: true, message: t('automation.form.valueRequired') },
            { max: CONTACT_VALUE_MAX, message: t('list.tooLong', { max: CONTACT_VALUE_MAX }) },
          ]}
        >
          <Input maxLength={CONTACT_VALUE_MAX} autoComplete="off" />
        </Form.Item>
      )}
    </div>
  );
}
