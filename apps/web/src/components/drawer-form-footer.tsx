import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import './drawer-form-footer.css';

/**
 * The end of a settings drawer's form: what the server refused, shown beside the Save that was pressed (the
 * form is taller than the drawer), then Cancel and Save. Test ids: `{testId}-form-message`, `{testId}-save`.
 */
export function DrawerFormFooter(props: {
  message: TranslationKey | null;
  saveLabel: TranslationKey;
  isSaving: boolean;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.message && (
        <Alert
          type="error"
          showIcon
          title={t(props.message)}
          className="drawer-form-footer__message"
          data-testid={`${props.testId}-form-message`}
        />
      )}
      <div className="settings-form__actions">
        <Button onClick={props.onCancel}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={props.isSaving}
          data-testid={`${props.testId}-save`}
        >
          {t(props.saveLabel)}
        </Button>
      </div>
    </>
  );
}
