import { Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Team } from '@sabai/contracts';
import { RetryNotice } from '../../../components/retry-notice';
import { useRetrievalNotice } from '../../../lib/notices';
import { useTeam } from '../api/get-team';
import { TeamForm } from './team-form';

export type TeamDrawerState = { mode: 'create' } | { mode: 'edit'; id: string };

type TeamDrawerProps = {
  state: TeamDrawerState | null;
  onClose: () => void;
  onSaved: (team: Team, isNew: boolean) => void;
};

/** Adding or editing a team, beside the list. Editing starts from a fresh GET of the team. */
export function TeamDrawer({ state, onClose, onSaved }: TeamDrawerProps) {
  const { t } = useTranslation();
  const teamQuery = useTeam(state?.mode === 'edit' ? state.id : null);
  useRetrievalNotice(state?.mode === 'edit' && teamQuery.isError, 'members');
  const team = state?.mode === 'edit' ? (teamQuery.data ?? null) : null;
  const title =
    state?.mode === 'create'
      ? t('teams.form.createTitle')
      : team
        ? t('teams.form.editTitle', { name: team.name })
        : t('common.loading');
  return (
    <Drawer
      open={state !== null}
      onClose={onClose}
      size={820}
      title={title}
      destroyOnHidden
      rootClassName="settings-drawer team-drawer"
    >
      {state?.mode === 'edit' &&
        !team &&
        (teamQuery.isError ? (
          <RetryNotice onRetry={() => void teamQuery.refetch()} />
        ) : (
          <Skeleton active paragraph={{ rows: 10 }} />
        ))}
      {state && (state.mode === 'create' || team) && (
        <TeamForm
          key={state.mode === 'edit' ? `edit-${state.id}` : 'create'}
          team={team}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </Drawer>
  );
}
