import { useCallback } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export type ConfirmOptions = {
  title: string;
  content: string;
  okText: string;
  /** Deleting is dangerous; the OK button says so. */
  isDanger?: boolean;
  onOk: () => Promise<void> | void;
};

/**
 * A confirmation dialog (every delete is confirmed) in the app's theme and language; render the
 * returned holder once in the component.
 */
export function useConfirm() {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const confirm = useCallback(
    ({ title, content, okText, isDanger = true, onOk }: ConfirmOptions) => {
      modal.confirm({
        title,
        content,
        okText,
        cancelText: t('common.cancel'),
        okButtonProps: { danger: isDanger },
        className: 'settings-confirm',
        onOk,
      });
    },
    [modal, t],
  );
  return [confirm, holder] as const;
}
