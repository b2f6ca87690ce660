import { useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import { DISPLAY_DATE } from '../../../lib/format';
import { useNotice } from '../../../lib/notices';
import { useRequestTimeOff } from '../api/request-time-off';
import { dayCount, isBeforeToday, REASON_MAX, timeOffFeedback, toRequest } from '../utils/time-off';
import type { TimeOffFormValues } from '../utils/time-off';
import { MyTimeOff } from './my-time-off';
import '../availability.css';

type TimeOffModalProps = { open: boolean; onClose: () => void };

/**
 * Asking for time off (the manager receives team members' leave requests): whole days and a
 * reason, sent to the manager of the user's team; below, the user's latest requests and their state.
 */
export function TimeOffModal({ open, onClose }: TimeOffModalProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [form] = Form.useForm<TimeOffFormValues>();
  const requestMutation = useRequestTimeOff();
  const [formMessage, setFormMessage] = useState<TranslationKey | null>(null);
  const period = Form.useWatch('period', form);
  const days = dayCount(period);

  async function handleFinish(values: TimeOffFormValues) {
    setFormMessage(null);
    try {
      await requestMutation.mutateAsync(toRequest(values));
      notice.success('timeOff.requested');
      form.resetFields();
      onClose();
    } catch (error) {
      const feedback = timeOffFeedback(error);
      if (feedback.field) form.setFields([{ name: feedback.field, errors: [t(feedback.message)] }]);
      else setFormMessage(feedback.message);
    }
  }

  return (
    <Modal
      open={open}
      title={t('timeOff.request.title')}
      okText={t('timeOff.request.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={requestMutation.isPending}
      destroyOnHidden
      rootClassName="time-off-modal"
    >
      <p className="muted-text">{t('timeOff.request.text')}</p>
      {formMessage && (
        <Alert type="error" showIcon title={t(formMessage)} className="time-off-modal__alert" />
      )}
      <Form<TimeOffFormValues>
        form={form}
        name="timeOff"
        layout="vertical"
        initialValues={{ period: null, reason: '' }}
        onFinish={(values) => void handleFinish(values)}
        onValuesChange={() => setFormMessage(null)}
        preserve={false}
        data-testid="time-off-form"
      >
        <Form.Item
          name="period"
          label={t('timeOff.request.period')}
          extra={days > 0 ? t('timeOff.request.days', { count: days }) : undefined}
          rules={[{ required: true, message: t('timeOff.request.periodRequired') }]}
        >
          <DatePicker.RangePicker
            format={DISPLAY_DATE}
            disabledDate={(day) => isBeforeToday(day, dayjs())}
            placeholder={[t('timeOff.request.from'), t('timeOff.request.to')]}
            className="time-off-modal__period"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('timeOff.request.reason')}
          rules={[{ max: REASON_MAX, message: t('timeOff.request.reasonTooLong', { max: REASON_MAX }) }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={REASON_MAX}
            showCount
            placeholder={t('timeOff.request.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
      <MyTimeOff />
    </Modal>
  );
}
