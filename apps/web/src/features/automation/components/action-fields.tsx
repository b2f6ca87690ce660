import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CannedResponse, RuleActionType } from '@sabai/contracts';
import { SETTABLE_STATUSES } from '@sabai/contracts';
import { DurationInput } from '../../../components/duration-input';
import { CannedField } from '../../../components/step-editor/canned-field';
import { StepFields } from '../../../components/step-editor/step-fields';
import { AUTOMATION_TEXT_MAX, isMinutesOutOfRange } from '../utils/rule-form';
import { UserPicker } from './pickers';

type ActionFieldsProps = {
  /** The action's index in the form's `actions`. */
  name: number;
  type: RuleActionType;
};

/** A rule is the organisation's: it sends shared responses only (a personal one belongs to one agent). */
const isShared = (response: CannedResponse) => response.isShared;

/** The inputs of one action, by its kind: the rule's own kinds here, the others as a macro's steps. */
export function ActionFields({ name, type }: ActionFieldsProps) {
  const { t } = useTranslation();
  const textRules = (message: string) => [
    { required: true, whitespace: true, message },
    { max: AUTOMATION_TEXT_MAX, message: t('list.tooLong', { max: AUTOMATION_TEXT_MAX }) },
  ];

  switch (type) {
    case 'send_canned':
      return <CannedField name={name} hint={t('automation.form.cannedHint')} isUsable={isShared} />;
    case 'notify':
      return <NotifyFields name={name} textRules={textRules(t('automation.form.notifyTextRequired'))} />;
    case 'close_after_inactivity':
      return (
        <div className="rule-fields">
          <Form.Item
            name={[name, 'minutes']}
            label={t('automation.form.inactivity')}
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
              unitLabel={t('automation.form.unit', { field: t('automation.form.inactivity') })}
              testId={`rule-action-${name}-minutes`}
            />
          </Form.Item>
          <Form.Item
            name={[name, 'message']}
            label={t('automation.form.closingMessage')}
            extra={t('automation.form.closingMessageHint')}
            rules={[{ max: AUTOMATION_TEXT_MAX, message: t('list.tooLong', { max: AUTOMATION_TEXT_MAX }) }]}
            className="rule-fields__wide"
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={AUTOMATION_TEXT_MAX} showCount />
          </Form.Item>
        </div>
      );
    default:
      // A rule may set any status but transferred (a transfer is its own action).
      return <StepFields name={name} type={type} teams="organisation" statuses={SETTABLE_STATUSES} />;
  }
}

type NotifyFieldsProps = { name: number; textRules: object[] };

/** Whom to notify (chosen users, the agent or both) and what the notice says. */
function NotifyFields({ name, textRules }: NotifyFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="rule-fields">
        <Form.Item
          name={[name, 'userIds']}
          label={t('automation.form.people')}
          dependencies={[['actions', name, 'assignee']]}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, userIds: string[] | undefined) => {
                const assignee = getFieldValue(['actions', name, 'assignee']) as boolean | undefined;
                if (!assignee && (userIds ?? []).length === 0)
                  throw new Error(t('automation.form.notifyNobody'));
              },
            }),
          ]}
        >
          <UserPicker mode="multiple" />
        </Form.Item>
        <Form.Item name={[name, 'assignee']} valuePropName="checked" className="rule-fields__check">
          <Checkbox>{t('automation.form.notifyAssignee')}</Checkbox>
        </Form.Item>
      </div>
      <Form.Item name={[name, 'text']} label={t('automation.form.notifyText')} rules={textRules}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={AUTOMATION_TEXT_MAX} showCount />
      </Form.Item>
    </>
  );
}
