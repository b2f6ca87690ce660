import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Channel, TeamSummary } from '../api/scope-options';
import type { SlaPolicy } from '../api/sla-policies';
import { PolicyForm } from './policy-form';

export type PolicyDrawerState = { mode: 'create' } | { mode: 'edit'; policy: SlaPolicy };

type PolicyDrawerProps = {
  state: PolicyDrawerState | null;
  teams: readonly TeamSummary[];
  channels: readonly Channel[];
  isLoadingOptions: boolean;
  onClose: () => void;
  onSaved: (policy: SlaPolicy, isNew: boolean) => void;
};

/** Adding or editing a service level policy, beside the list. */
export function PolicyDrawer({ state, onClose, ...formProps }: PolicyDrawerProps) {
  const { t } = useTranslation();
  const policy = state?.mode === 'edit' ? state.policy : null;
  return (
    <Drawer
      open={state !== null}
      onClose={onClose}
      size={520}
      title={policy ? t('sla.form.editTitle', { name: policy.name }) : t('sla.form.createTitle')}
      destroyOnHidden
      rootClassName="settings-drawer sla-drawer"
    >
      {state && (
        <PolicyForm
          key={policy ? `edit-${policy.id}` : 'create'}
          policy={policy}
          onCancel={onClose}
          {...formProps}
        />
      )}
    </Drawer>
  );
}
