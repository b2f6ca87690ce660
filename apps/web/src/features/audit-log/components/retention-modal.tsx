import { Button, Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_RETENTION_DEFAULT_DAYS, AuditSettingsSchema, type AuditSettings } from '@sabai/contracts';
import { useNotice } from '../../../lib/notices';
import { useSaveAuditSettings } from '../api/audit-settings';

// The contract's bounds (the server answers 400 validation.failed outside them) and default.
const RETENTION_DAYS = {
  min: AuditSettingsSchema.shape.retentionDays.minValue ?? 90,
  max: AuditSettingsSchema.shape.retentionDays.maxValue ?? 3650,
  default: AUDIT_RETENTION_DEFAULT_DAYS,
};

type Values = { retentionDays: number | null };

type RetentionModalProps = { settings: AuditSettings; isOpen: boolean; onClose: () => void };

/** The dialog that changes how long entries are kept (loaded when first opened). */
export function RetentionModal({ settings, isOpen, onClose }: RetentionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={isOpen}
      onCancel={onClose}
      title={t('auditLog.retention.title')}
      footer={null}
      width={560}
      destroyOnHidden
    >
      <RetentionForm settings={settings} onDone={onClose} />
    </Modal>
  );
}

/** The dialog's form; `onDone` closes it (saved or cancelled). */
function RetentionForm({ settings, onDone }: { settings: AuditSettings; onDone: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const saveMutation = useSaveAuditSettings();
  const range = t('auditLog.retention.range', { min: RETENTION_DAYS.min, max: RETENTION_DAYS.max });

  async function handleFinish(values: Values) {
    try {
      await saveMutation.mutateAsync({ retentionDays: values.retentionDays ?? RETENTION_DAYS.default });
      notice.success('auditLog.retention.saved');
      onDone();
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  return (
    <Form<Values>
      name="audit_retention"
      layout="vertical"
      requiredMark={false}
      initialValues={{ retentionDays: settings.retentionDays }}
      onFinish={(values) => void handleFinish(values)}
      data-testid="audit-retention-form"
    >
      <Typography.Paragraph type="secondary">{t('auditLog.retention.text')}</Typography.Paragraph>
      <Form.Item
        name="retentionDays"
        label={t('auditLog.retention.label')}
        extra={t('auditLog.retention.hint', { days: RETENTION_DAYS.default })}
        rules={[
          { required: true, message: range },
          { type: 'integer', min: RETENTION_DAYS.min, max: RETENTION_DAYS.max, message: range },
        ]}
      >
        <InputNumber
          className="audit-retention__days"
          suffix={t('auditLog.retention.days')}
          data-testid="audit-retention-days"
        />
      </Form.Item>
      <div className="settings-form__actions">
        <Button onClick={onDone}>{t('auditLog.retention.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={saveMutation.isPending}
          data-testid="audit-retention-save"
        >
          {t('auditLog.retention.save')}
        </Button>
      </div>
    </Form>
  );
}
