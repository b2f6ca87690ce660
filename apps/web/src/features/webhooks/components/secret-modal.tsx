import { useRef } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import type { InputRef } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../lib/notices';

/** A signing secret to show: a new endpoint's, or a rotated one. */
export type ShownSecret = { url: string; secret: string; isNew: boolean };

type SecretModalProps = { shown: ShownSecret | null; onDone: () => void };

/**
 * The signing secret, shown once: the server never sends it again, so closing this is the last chance to
 * copy it. It closes only with the button that says it was stored.
 */
export function SecretModal({ shown, onDone }: SecretModalProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const inputRef = useRef<InputRef>(null);

  async function handleCopy() {
    if (!shown) return;
    try {
      // The Clipboard API exists only in secure contexts (https, localhost).
      await navigator.clipboard.writeText(shown.secret);
      notice.success('webhooks.secret.copied');
    } catch {
      inputRef.current?.select();
      notice.info('webhooks.secret.copyManually');
    }
  }

  return (
    <Modal
      open={shown !== null}
      title={t(shown?.isNew === false ? 'webhooks.secret.rotatedTitle' : 'webhooks.secret.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onDone} data-testid="webhook-secret-stored">
          {t('webhooks.secret.done')}
        </Button>
      }
      width={640}
      destroyOnHidden
      data-testid="webhook-secret-modal"
    >
      <Alert type="warning" showIcon title={t('webhooks.secret.warning')} />
      <Typography.Paragraph className="webhook-secret__url">
        <Typography.Text code>{shown?.url}</Typography.Text>
      </Typography.Paragraph>
      <label htmlFor="webhook-secret" className="visually-hidden">
        {t('webhooks.secret.label')}
      </label>
      <Space.Compact className="webhook-secret__field">
        <Input
          id="webhook-secret"
          ref={inputRef}
          value={shown?.secret ?? ''}
          readOnly
          onFocus={(event) => event.target.select()}
          className="webhook-secret__value"
          data-testid="webhook-secret"
        />
        <Button
          icon={<CopyOutlined aria-hidden />}
          onClick={() => void handleCopy()}
          data-testid="copy-webhook-secret"
        >
          {t('webhooks.secret.copy')}
        </Button>
      </Space.Compact>
      <Typography.Text type="secondary">{t('webhooks.secret.usage')}</Typography.Text>
    </Modal>
  );
}
