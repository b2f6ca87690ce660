import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AutomationRule } from '../api/automation-rules';
import { RuleForm } from './rule-form';

export type RuleDrawerState = { mode: 'create' } | { mode: 'edit'; rule: AutomationRule };

type RuleDrawerProps = {
  state: RuleDrawerState | null;
  onClose: () => void;
  onSaved: (rule: AutomationRule, isNew: boolean) => void;
};

/** Adding or editing an automation rule, beside the list. */
export function RuleDrawer({ state, onClose, onSaved }: RuleDrawerProps) {
  const { t } = useTranslation();
  const rule = state?.mode === 'edit' ? state.rule : null;
  return (
    <Drawer
      open={state !== null}
      onClose={onClose}
      size={760}
      title={rule ? t('automation.form.editTitle', { name: rule.name }) : t('automation.form.createTitle')}
      destroyOnHidden
      rootClassName="settings-drawer automation-drawer"
    >
      {state && (
        <RuleForm
          key={rule ? `edit-${rule.id}` : 'create'}
          rule={rule}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Drawer>
  );
}
