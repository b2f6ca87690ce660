// The team and agent selects of the assign steps (and of the rules' team condition), from either source of
// lib/team-options: a rule names any team of the organisation and its people ('organisation'), a macro the
// teams an issue can go to and their agents, as the inbox's assign dialog lists them ('assignable').
import { useMemo } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRetrievalNotice } from '../../lib/notices';
import { useAssignableTeams, useTeamAgents, useTeamOptions } from '../../lib/team-options';
import { searchable, type PickerProps } from './pickers';

/** Where the teams and their agents are read from. */
export type TeamSource = 'organisation' | 'assignable';

type Choice = { id: string; name: string };
type ChoicesProps = PickerProps & { choices: readonly Choice[] | undefined; isLoading: boolean };

/** A select of the choices a source has read. */
function ChoiceSelect({ choices, isLoading, ...props }: ChoicesProps) {
  const options = useMemo(
    () => (choices ?? []).map(({ id, name }) => ({ value: id, label: name })),
    [choices],
  );
  return <Select {...props} options={options} loading={isLoading} showSearch={searchable} />;
}

/** Every team of the organisation. */
function OrganisationTeams(props: PickerProps) {
  const teams = useTeamOptions();
  useRetrievalNotice(teams.isError, 'teams');
  return <ChoiceSelect {...props} choices={teams.data} isLoading={teams.isLoading} />;
}

/** The teams an issue can go to. */
function AssignableTeams(props: PickerProps) {
  const teams = useAssignableTeams();
  useRetrievalNotice(teams.isError, 'teams');
  return <ChoiceSelect {...props} choices={teams.data} isLoading={teams.isLoading} />;
}

/** Teams, from the source given. */
export function TeamPicker({ source, ...props }: PickerProps & { source: TeamSource }) {
  return source === 'organisation' ? <OrganisationTeams {...props} /> : <AssignableTeams {...props} />;
}

type AgentsProps = PickerProps & { teamId: string };

/** The team's manager and members (its own read, once the team is chosen). */
function OrganisationAgents({ teamId, ...props }: AgentsProps) {
  const agents = useTeamAgents(teamId);
  useRetrievalNotice(agents.isError, 'members_of_team');
  const choices = useMemo(
    () => agents.data?.map((agent) => ({ id: agent.id, name: agent.displayName })),
    [agents.data],
  );
  return <ChoiceSelect {...props} choices={choices} isLoading={agents.isLoading} />;
}

/** The team's agents, as the teams came (the team picker says when they could not). */
function AssignableAgents({ teamId, ...props }: AgentsProps) {
  const teams = useAssignableTeams();
  const choices = useMemo(
    () =>
      teams.data
        ?.find((team) => team.id === teamId)
        ?.members.map((member) => ({ id: member.id, name: member.displayName })),
    [teams.data, teamId],
  );
  return <ChoiceSelect {...props} choices={choices} isLoading={teams.isLoading} />;
}

/** The agents of a team, from the source given; nothing to choose before the team. */
export function AgentPicker({
  source,
  teamId,
  ...props
}: PickerProps & { source: TeamSource; teamId: string | undefined }) {
  const { t } = useTranslation();
  if (!teamId) return <Select {...props} disabled placeholder={t('steps.agentNeedsTeam')} />;
  return source === 'organisation' ? (
    <OrganisationAgents {...props} teamId={teamId} />
  ) : (
    <AssignableAgents {...props} teamId={teamId} />
  );
}
