import { useMemo } from 'react';
import type { Macro } from '@sabai/contracts';
import { useCannedByIds } from '../../../lib/canned-options';
import { useRetrievalNotice } from '../../../lib/notices';
import { useTagOptions } from '../../../lib/tag-options';
import { useAssignableTeams } from '../../../lib/team-options';
import type { StepNames } from '../utils/macro-summary';

/**
 * The names the macros' steps show: teams and their agents, tags, and each canned response they send. A
 * list that fails to come says so once; its steps then show "…" in place of the names.
 */
export function useStepNames(macros: readonly Macro[]): StepNames {
  const teams = useAssignableTeams();
  const tags = useTagOptions();
  useRetrievalNotice(teams.isError, 'teams');
  useRetrievalNotice(tags.isError, 'tags');
  const cannedIds = useMemo(
    () => [
      ...new Set(
        macros.flatMap((macro) =>
          macro.actions.flatMap((step) => (step.type === 'send_canned' ? [step.cannedResponseId] : [])),
        ),
      ),
    ],
    [macros],
  );
  const canned = useCannedByIds(cannedIds);

  // Once a list is in, an id it lacks is a deleted team, agent or tag.
  const fromList = (list: readonly { id: string; name: string }[] | undefined, id: string) =>
    list ? (list.find((item) => item.id === id)?.name ?? null) : undefined;
  return {
    team: (id) => fromList(teams.data, id),
    agent: (teamId, userId) => {
      if (!teams.data) return undefined;
      const members = teams.data.find((team) => team.id === teamId)?.members ?? [];
      return members.find((member) => member.id === userId)?.displayName ?? null;
    },
    tag: (id) => fromList(tags.data, id),
    canned: (id) => {
      const response = canned.get(id);
      return response === undefined ? undefined : (response?.name ?? null);
    },
  };
}
