import { useRef } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import type { InputRef } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_PREFIX } from '@sabai/domain';
import { useNotice } from '../../../lib/notices';
import type { CreatedApiToken } from '../api/api-tokens';

type TokenCreatedModalProps = { created: CreatedApiToken | null; onDone: () => void };

/**
 * The new token, shown once: the server keeps only its hash, so closing this is the last chance to copy
 * it. It closes only with the button that says it was stored.
 */
export function TokenCreatedModal({ created, onDone }: TokenCreatedModalProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const inputRef = useRef<InputRef>(null);

  async function handleCopy() {
    if (!created) return;
    try {
      // The Clipboard API exists only in secure contexts (https, localhost).
      await navigator.clipboard.writeText(created.secret);
      notice.success('apiTokens.created.copied');
    } catch {
      inputRef.current?.select();
      notice.info('apiTokens.created.copyManually');
    }
  }

  return (
    <Modal
      open={created !== null}
      title={t('apiTokens.created.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onDone} data-testid="api-token-stored">
          {t('apiTokens.created.done')}
        </Button>
      }
      width={640}
      destroyOnHidden
      data-testid="api-token-created"
    >
      <Alert type="warning" showIcon title={t('apiTokens.created.warning')} />
      <label htmlFor="api-token-secret" className="visually-hidden">
        {t('apiTokens.created.label')}
      </label>
      <Space.Compact className="api-token-created__field">
        <Input
          id="api-token-secret"
          ref={inputRef}
          value={created?.secret ?? ''}
          readOnly
          onFocus={(event) => event.target.select()}
          className="api-token-created__secret"
          data-testid="api-token-secret"
        />
        <Button
          icon={<CopyOutlined aria-hidden />}
          onClick={() => void handleCopy()}
          data-testid="copy-api-token"
        >
          {t('apiTokens.created.copy')}
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary">
        {t('apiTokens.created.usage')}{' '}
        <Typography.Text code>{`Authorization: Bearer ${API_TOKEN_PREFIX}…`}</Typography.Text>
      </Typography.Paragraph>
    </Modal>
  );
}
