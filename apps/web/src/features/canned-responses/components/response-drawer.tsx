import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CannedCategory, CannedResponse } from '@sabai/contracts';
import { ResponseForm } from './response-form';

export type ResponseDrawerState =
  { mode: 'create'; categoryId: string | null } | { mode: 'edit'; response: CannedResponse };

type ResponseDrawerProps = {
  state: ResponseDrawerState | null;
  categories: readonly CannedCategory[];
  onClose: () => void;
  onSaved: (response: CannedResponse, isNew: boolean) => void;
};

/** Adding or editing a canned response, beside the list. */
export function ResponseDrawer({ state, categories, onClose, onSaved }: ResponseDrawerProps) {
  const { t } = useTranslation();
  const response = state?.mode === 'edit' ? state.response : null;
  return (
    <Drawer
      open={state !== null}
      onClose={onClose}
      size={560}
      title={response ? t('canned.form.editTitle', { name: response.name }) : t('canned.form.createTitle')}
      destroyOnHidden
      rootClassName="settings-drawer canned-drawer"
    >
      {state && (
        <ResponseForm
          key={
            response
              ? `edit-${response.id}`
              : `create-${state.mode === 'create' ? (state.categoryId ?? '') : ''}`
          }
          response={response}
          categoryId={state.mode === 'create' ? state.categoryId : null}
          categories={categories}
          onSaved={onSaved}
          onCancel={onClose}
        />
      )}
    </Drawer>
  );
}
