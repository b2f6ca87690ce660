// The foot of a channel drawer tab saved on its own (comment rules, the satisfaction survey): the save's
// refusal in words, "Unsaved changes" while the form differs from what is stored, and the save button.
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import '../tab-save-footer.css';

export function TabSaveFooter(props: {
  /** The prefix of the footer's test ids: `<id>-message`, `<id>-unsaved`, `<id>-save`. */
  testId: string;
  message: TranslationKey | null;
  isDirty: boolean;
  saving: boolean;
  unsavedLabel: TranslationKey;
  saveLabel: TranslationKey;
}) {
  const { t } = useTranslation();
  return (
    <div className="tab-save-footer">
      {props.message && (
        <Alert
          type="error"
          showIcon
          title={t(props.message)}
          className="channel-form__message"
          data-testid={`${props.testId}-message`}
        />
      )}
      <div className="tab-save-footer__buttons">
        {props.isDirty && (
          <span className="tab-save-footer__unsaved" data-testid={`${props.testId}-unsaved`}>
            {t(props.unsavedLabel)}
          </span>
        )}
        <Button type="primary" htmlType="submit" loading={props.saving} data-testid={`${props.testId}-save`}>
          {t(props.saveLabel)}
        </Button>
      </div>
    </div>
  );
}
