import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@sabai/contracts';
import type { TeamSummary } from '../api/get-team-options';
import { TagForm } from './tag-form';

export type TagDrawerState = { mode: 'create' } | { mode: 'edit'; tag: Tag };

type TagDrawerProps = {
  state: TagDrawerState | null;
  teams: readonly TeamSummary[];
  isTeamsLoading: boolean;
  onClose: () => void;
  onSaved: (tag: Tag, isNew: boolean) => void;
};

/** Adding or editing a tag, beside the list. */
export function TagDrawer({ state, teams, isTeamsLoading, onClose, onSaved }: TagDrawerProps) {
  const { t } = useTranslation();
  const tag = state?.mode === 'edit' ? state.tag : null;
  return (
    <Drawer
      open={state !== null}
      onClose={onClose}
      size={480}
      title={tag ? t('tags.form.editTitle', { name: tag.name }) : t('tags.form.createTitle')}
      destroyOnHidden
      rootClassName="settings-drawer tag-drawer"
    >
      {state && (
        <TagForm
          key={tag ? `edit-${tag.id}` : 'create'}
          tag={tag}
          teams={teams}
          isTeamsLoading={isTeamsLoading}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </Drawer>
  );
}
