import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTOMATION_TEXT_MAX, type MacroAction } from '@sabai/contracts';
import type { IssueStatus } from '@sabai/domain';
import { STEPS_FIELD } from './step-list';
import { StatusPicker, TagPicker } from './pickers';
import { AgentPicker, TeamPicker, type TeamSource } from './team-pickers';

/**
 * The kinds of step whose inputs are the same on both screens: a macro's kinds but the send step, whose
 * responses each screen narrows (CannedField). A rule's own kinds are its own.
 */
type PlainStepType = Exclude<MacroAction['type'], 'send_canned'>;

type StepFieldsProps = {
  /** The step's index in the form's `actions`. */
  name: number;
  type: PlainStepType;
  /** Where the assign steps' teams and agents come from. */
  teams: TeamSource;
  /** The statuses a set-status step may set. */
  statuses: readonly IssueStatus[];
};

/** The inputs of one step, by its kind. */
export function StepFields({ name, type, teams, statuses }: StepFieldsProps) {
  const { t } = useTranslation();
  const required = (message: string) => [{ required: true, message }];

  switch (type) {
    case 'assign_team':
      return (
        <Form.Item name={[name, 'teamId']} label={t('steps.team')} rules={required(t('steps.teamRequired'))}>
          <TeamPicker source={teams} />
        </Form.Item>
      );
    case 'assign_agent':
      return <AgentFields name={name} teams={teams} />;
    case 'add_tag':
    case 'remove_tag':
      return (
        <Form.Item name={[name, 'tagId']} label={t('steps.tag')} rules={required(t('steps.tagRequired'))}>
          <TagPicker />
        </Form.Item>
      );
    case 'set_status':
      return (
        <Form.Item
          name={[name, 'status']}
          label={t('steps.status')}
          rules={required(t('steps.statusRequired'))}
        >
          <StatusPicker only={statuses} />
        </Form.Item>
      );
    case 'add_note':
      return (
        <Form.Item
          name={[name, 'text']}
          label={t('steps.note')}
          rules={[
            { required: true, whitespace: true, message: t('steps.noteRequired') },
            { max: AUTOMATION_TEXT_MAX, message: t('list.tooLong', { max: AUTOMATION_TEXT_MAX }) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={AUTOMATION_TEXT_MAX} showCount />
        </Form.Item>
      );
    case 'auto_assign':
      return null;
  }
}

/** A team, then one of its agents (choosing another team clears the agent). */
function AgentFields({ name, teams }: { name: number; teams: TeamSource }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const teamId = Form.useWatch([STEPS_FIELD, name, 'teamId'], form) as string | undefined;
  return (
    <div className="step-fields">
      <Form.Item
        name={[name, 'teamId']}
        label={t('steps.team')}
        rules={[{ required: true, message: t('steps.teamRequired') }]}
      >
        <TeamPicker
          source={teams}
          onChange={() => form.setFieldValue([STEPS_FIELD, name, 'userId'], undefined)}
        />
      </Form.Item>
      <Form.Item
        name={[name, 'userId']}
        label={t('steps.agent')}
        rules={[{ required: true, message: t('steps.agentRequired') }]}
      >
        <AgentPicker source={teams} teamId={teamId} />
      </Form.Item>
    </div>
  );
}
