// A macro's steps as the list reads them ("Add tag VIP", "Send “Thanks”", "Set status Resolved"), naming
// what each step names once the names are known.
import type { TFunction } from 'i18next';
import type { MacroAction } from '@sabai/contracts';

/** A name by its id: the name, null once known to be gone (deleted), undefined while unknown. */
export type NameOf = (id: string) => string | null | undefined;

export type StepNames = {
  team: NameOf;
  /** An agent of a team. */
  agent: (teamId: string, userId: string) => string | null | undefined;
  tag: NameOf;
  canned: NameOf;
};

const PENDING = '…';

export function stepSummary(t: TFunction, step: MacroAction, names: StepNames): string {
  const shown = (name: string | null | undefined) =>
    name === undefined ? PENDING : (name ?? t('canned.macros.missing'));
  switch (step.type) {
    case 'assign_team':
      return t('canned.macros.stepSummary.assign_team', { team: shown(names.team(step.teamId)) });
    case 'assign_agent':
      return t('canned.macros.stepSummary.assign_agent', {
        team: shown(names.team(step.teamId)),
        agent: shown(names.agent(step.teamId, step.userId)),
      });
    case 'auto_assign':
      return t('canned.macros.stepSummary.auto_assign');
    case 'add_tag':
      return t('canned.macros.stepSummary.add_tag', { tag: shown(names.tag(step.tagId)) });
    case 'remove_tag':
      return t('canned.macros.stepSummary.remove_tag', { tag: shown(names.tag(step.tagId)) });
    case 'send_canned':
      return t('canned.macros.stepSummary.send_canned', {
        canned: shown(names.canned(step.cannedResponseId)),
      });
    case 'set_status':
      return t('canned.macros.stepSummary.set_status', { status: t(`issue.status.${step.status}`) });
    case 'add_note':
      return t('canned.macros.stepSummary.add_note');
  }
}
