import { useState } from 'react';
import { Button, Form, InputNumber, Modal, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FILE_LINK_DAYS, isAllowed } from '@sabai/domain';
import type { OrganizationSettings } from '@sabai/contracts';
import { usePermissions } from '../../../lib/me';
import { useNotice } from '../../../lib/notices';
import { useOrganizationSettings } from '../api/get-organization-settings';
import { useUpdateOrganizationSettings } from '../api/update-organization-settings';
import '../file-links.css';

type Values = { fileLinkExpiryDays: number | null };

/**
 * How long the links to files sent to customers stay valid: an organisation setting, on the channel settings
 * because the channels are what send those links (docs/decisions/files.md "Files"). The list's toolbar shows it;
 * a dialog changes it, so the screen keeps its layout.
 */
export function FileLinksSetting() {
  const { t } = useTranslation();
  const settingsQuery = useOrganizationSettings();
  const [isOpen, setIsOpen] = useState(false);
  const settings = settingsQuery.data;
  if (!settings) return null;
  return (
    <>
      <Button
        className="file-links-button"
        icon={<LinkOutlined aria-hidden />}
        onClick={() => setIsOpen(true)}
        data-testid="file-links-button"
      >
        {t('channels.fileLinks.button', { days: settings.fileLinkExpiryDays })}
      </Button>
      <Modal
        open={isOpen}
        onCancel={() => setIsOpen(false)}
        title={t('channels.fileLinks.title')}
        footer={null}
        width={560}
        destroyOnHidden
      >
        <FileLinksForm settings={settings} onDone={() => setIsOpen(false)} />
      </Modal>
    </>
  );
}

/** The dialog's form; `onDone` closes it (saved or cancelled). */
function FileLinksForm({ settings, onDone }: { settings: OrganizationSettings; onDone: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const canUpdate = isAllowed(usePermissions(), 'channel', 'update', ['all']);
  const updateMutation = useUpdateOrganizationSettings();
  const range = t('channels.fileLinks.range', { min: FILE_LINK_DAYS.min, max: FILE_LINK_DAYS.max });

  async function handleFinish(values: Values) {
    try {
      await updateMutation.mutateAsync({ fileLinkExpiryDays: values.fileLinkExpiryDays ?? 0 });
      notice.success('channels.fileLinks.saved');
      onDone();
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  return (
    <Form<Values>
      name="file_links"
      layout="vertical"
      requiredMark={false}
      initialValues={{ fileLinkExpiryDays: settings.fileLinkExpiryDays }}
      onFinish={(values) => void handleFinish(values)}
      disabled={!canUpdate}
      data-testid="file-links-setting"
    >
      <Typography.Paragraph type="secondary">{t('channels.fileLinks.text')}</Typography.Paragraph>
      <Form.Item
        name="fileLinkExpiryDays"
        label={t('channels.fileLinks.label')}
        extra={t('channels.fileLinks.hint')}
        rules={[
          { required: true, message: range },
          { type: 'integer', min: FILE_LINK_DAYS.min, max: FILE_LINK_DAYS.max, message: range },
        ]}
      >
        <InputNumber
          className="file-links-setting__days"
          suffix={t('channels.fileLinks.days')}
          data-testid="file-link-days"
        />
      </Form.Item>
      {canUpdate && (
        <div className="settings-form__actions">
          <Button onClick={onDone}>{t('channels.fileLinks.cancel')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={updateMutation.isPending}
            data-testid="file-link-save"
          >
            {t('channels.fileLinks.save')}
          </Button>
        </div>
      )}
    </Form>
  );
}
