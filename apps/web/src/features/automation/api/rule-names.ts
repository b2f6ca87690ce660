import { useCallback, useMemo } from 'react';
import type { SaveAutomationRule } from '@sabai/contracts';
import { useCannedByIds } from '../../../lib/canned-options';
import { useTagOptions } from '../../../lib/tag-options';
import { useTeamOptions } from '../../../lib/team-options';
import type { NameKind, NameOf } from '../utils/rule-summary';
import { useChannelOptions, useUserOptions } from './rule-options';

type Named = { id: string; name?: string; displayName?: string };

/** Names by id once a list is read; undefined while it is read (or could not be). */
function byId(list: readonly Named[] | undefined): Map<string, string> | undefined {
  return list && new Map(list.map((item) => [item.id, item.name ?? item.displayName ?? '']));
}

/**
 * The names of what the rules mention (channels, teams, tags, people, canned responses): their sentences
 * say "…" until a name is read and "(deleted)" for one that is gone.
 */
export function useRuleNames(rules: readonly Pick<SaveAutomationRule, 'actions'>[]): NameOf {
  const channels = useChannelOptions().data;
  const teams = useTeamOptions().data;
  const tags = useTagOptions().data;
  const users = useUserOptions().data;
  const cannedIds = useMemo(
    () => [
      ...new Set(
        rules.flatMap((rule) =>
          rule.actions.flatMap((a) => (a.type === 'send_canned' ? [a.cannedResponseId] : [])),
        ),
      ),
    ],
    [rules],
  );
  const canned = useCannedByIds(cannedIds);
  const maps = useMemo<Record<Exclude<NameKind, 'canned'>, Map<string, string> | undefined>>(
    () => ({ channel: byId(channels), team: byId(teams), tag: byId(tags), user: byId(users) }),
    [channels, teams, tags, users],
  );
  return useCallback<NameOf>(
    (kind, id) => {
      if (kind === 'canned') {
        const response = canned.get(id);
        return response === undefined ? undefined : (response?.name ?? null);
      }
      const names = maps[kind];
      return names ? (names.get(id) ?? null) : undefined;
    },
    [maps, canned],
  );
}
