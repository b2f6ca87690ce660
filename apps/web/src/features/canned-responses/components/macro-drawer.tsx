import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Macro } from '@sabai/contracts';
import { MacroForm } from './macro-form';

export type MacroDrawerState = { mode: 'create' } | { mode: 'edit'; macro: Macro };

type MacroDrawerProps = {
  state: MacroDrawerState | null;
  onClose: () => void;
  onSaved: (macro: Macro, isNew: boolean) => void;
};

/** Adding or editing a macro, beside the list. */
export function MacroDrawer({ state, onClose, onSaved }: MacroDrawerProps) {
  const { t } = useTranslation();
  const macro = state?.mode === 'edit' ? state.macro : null;
  return (
    <Drawer
      open={state !== null}
      onClose={onClose}
      size={600}
      title={
        macro ? t('canned.macros.form.editTitle', { name: macro.name }) : t('canned.macros.form.createTitle')
      }
      destroyOnHidden
      rootClassName="settings-drawer macro-drawer"
    >
      {state && (
        <MacroForm
          key={macro ? `edit-${macro.id}` : 'create'}
          macro={macro}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </Drawer>
  );
}
