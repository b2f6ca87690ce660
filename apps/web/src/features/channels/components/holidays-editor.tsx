import { Button, DatePicker, Form, Input, Tag } from 'antd';
import { DeleteOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DISPLAY_DATE, LIMITS } from '../utils/channel-form';
import type { ChannelFormValues, HolidayRow } from '../utils/channel-form';
import { useConfirm } from '../../../lib/use-confirm';

/**
 * Holidays: name, date and auto-response message, all required. Removing one asks first;
 * one that has started stays, read-only, and says why.
 */
export function HolidaysEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const [confirm, confirmHolder] = useConfirm();
  // preserve: the rows' id and canRemove are values without a field of their own.
  const holidays = Form.useWatch('holidays', { form, preserve: true }) ?? [];

  function handleRemove(index: number, remove: (index: number) => void) {
    const name = (holidays[index]?.name ?? '').trim();
    confirm({
      title: name
        ? t('channels.form.removeHolidayConfirm.title', { name })
        : t('channels.form.removeHolidayConfirm.untitled'),
      content: t('channels.form.removeHolidayConfirm.text'),
      okText: t('channels.form.removeHolidayConfirm.ok'),
      onOk: () => remove(index),
    });
  }

  return (
    <Form.List name="holidays">
      {(fields, { add, remove }, { errors }) => (
        <div className="channel-rows" data-testid="holidays-editor">
          {confirmHolder}
          {fields.length === 0 && <p className="channel-form__hint">{t('channels.form.noHolidays')}</p>}
          {fields.map(({ key, name }) => {
            const row: HolidayRow | undefined = holidays[name];
            const isLocked = row ? !row.canRemove : false;
            // New holidays start today or later: one in the past would never answer anyone.
            const isNew = !row?.id;
            return (
              <div
                key={key}
                className={`holiday-row${isLocked ? ' holiday-row--locked' : ''}`}
                data-testid="holiday-row"
              >
                <div className="holiday-row__grid">
                  <Form.Item
                    name={[name, 'name']}
                    label={t('channels.form.holidayName')}
                    rules={[
                      { required: true, whitespace: true, message: t('channels.form.holidayNameRequired') },
                      {
                        max: LIMITS.holidayName,
                        message: t('channels.form.tooLong', { max: LIMITS.holidayName }),
                      },
                    ]}
                  >
                    <Input maxLength={LIMITS.holidayName} disabled={isLocked} />
                  </Form.Item>
                  <Form.Item
                    name={[name, 'date']}
                    label={t('channels.form.holidayDate')}
                    rules={[{ required: true, message: t('channels.form.holidayDateRequired') }]}
                  >
                    <DatePicker
                      format={DISPLAY_DATE}
                      disabled={isLocked}
                      needConfirm={false}
                      disabledDate={isNew ? (day) => day.isBefore(dayjs().startOf('day')) : undefined}
                      className="holiday-row__date"
                    />
                  </Form.Item>
                  <div className="holiday-row__action">
                    {isLocked ? (
                      <Tag icon={<LockOutlined aria-hidden />} data-testid="holiday-locked">
                        {t('channels.form.holidayLocked')}
                      </Tag>
                    ) : (
                      <Button
                        danger
                        type="text"
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('channels.form.removeHoliday')}
                        title={t('channels.form.removeHoliday')}
                        onClick={() => handleRemove(name, remove)}
                        data-testid="remove-holiday"
                      />
                    )}
                  </div>
                </div>
                <Form.Item
                  name={[name, 'autoResponseMessage']}
                  label={t('channels.form.holidayMessage')}
                  extra={t('channels.form.holidayMessageHint')}
                  rules={[
                    { required: true, whitespace: true, message: t('channels.form.holidayMessageRequired') },
                    { max: LIMITS.message, message: t('channels.form.tooLong', { max: LIMITS.message }) },
                  ]}
                >
                  <Input.TextArea
                    autoSize={{ minRows: 2, maxRows: 6 }}
                    maxLength={LIMITS.message}
                    disabled={isLocked}
                  />
                </Form.Item>
                {isLocked && <p className="channel-form__hint">{t('channels.form.holidayLockedReason')}</p>}
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            onClick={() =>
              add({ name: '', date: null, autoResponseMessage: '', canRemove: true } satisfies HolidayRow)
            }
            data-testid="add-holiday"
          >
            {t('channels.form.addHoliday')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
