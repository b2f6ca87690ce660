import { Form, Select } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRetrievalNotice } from '../../../lib/notices';
import { useAssignableTeams } from '../api/issues';

/** What the assign and transfer dialogs (of one issue or of a selection) ask for. */
export type TeamForm = { teamId: string; userId?: string; note?: string };

type TeamAgentFieldsProps = {
  form: FormInstance<TeamForm>;
  isAgentRequired: boolean;
  /** A transfer goes elsewhere: the issue's own team is left out. */
  excludeTeamId?: string;
};

/** The team and agent pickers the dialogs share: choosing another team clears the agent. */
export function TeamAgentFields({ form, isAgentRequired, excludeTeamId }: TeamAgentFieldsProps) {
  const { t } = useTranslation();
  const teams = useAssignableTeams(true);
  useRetrievalNotice(teams.isError, 'teams');
  const teamId = Form.useWatch('teamId', form);
  const members = teams.data?.find((x) => x.id === teamId)?.members ?? [];
  return (
    <>
      <Form.Item
        name="teamId"
        label={t('inbox.actions.team')}
        rules={[{ required: true, message: t('inbox.actions.teamRequired') }]}
      >
        <Select
          options={teams.data
            ?.filter((x) => x.id !== excludeTeamId)
            .map((x) => ({ value: x.id, label: x.name }))}
          loading={teams.isLoading}
          onChange={() => form.setFieldValue('userId', undefined)}
          data-testid="pick-team"
        />
      </Form.Item>
      <Form.Item
        name="userId"
        label={t(isAgentRequired ? 'inbox.actions.agent' : 'inbox.actions.transferAgent')}
        rules={isAgentRequired ? [{ required: true, message: t('inbox.actions.agentRequired') }] : []}
      >
        <Select
          allowClear={!isAgentRequired}
          options={members.map((m) => ({ value: m.id, label: m.displayName }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="pick-agent"
        />
      </Form.Item>
    </>
  );
}
