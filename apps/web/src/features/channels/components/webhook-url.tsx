import { useRef } from 'react';
import { Button, Input, Space } from 'antd';
import type { InputRef } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../../lib/notices';

/** A LINE channel's webhook URL with a copy button and where to paste it (LINE Developers console). */
export function WebhookUrl({ url }: { url: string }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const inputRef = useRef<InputRef>(null);

  async function handleCopy() {
    try {
      // The Clipboard API exists only in secure contexts (https, localhost).
      await navigator.clipboard.writeText(url);
      notice.success('channels.form.copied');
    } catch {
      inputRef.current?.select();
      notice.info('channels.form.copyManually');
    }
  }

  return (
    <div className="webhook-url" data-testid="webhook-url">
      <label className="webhook-url__label" htmlFor="channel-webhook-url">
        {t('channels.form.webhookUrl')}
      </label>
      <Space.Compact className="webhook-url__field">
        <Input
          id="channel-webhook-url"
          ref={inputRef}
          value={url}
          readOnly
          onFocus={(e) => e.target.select()}
        />
        <Button
          icon={<CopyOutlined aria-hidden />}
          onClick={() => void handleCopy()}
          data-testid="copy-webhook-url"
        >
          {t('channels.form.copy')}
        </Button>
      </Space.Compact>
      <p className="channel-form__hint">{t('channels.form.webhookSteps')}</p>
    </div>
  );
}
