import { Button, Form, InputNumber, TimePicker } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, copyMondayToWeekdays, newShift } from '../utils/channel-form';
import type { ChannelFormValues, ShiftRow } from '../utils/channel-form';

const TIME_FORMAT = 'HH:mm';

/**
 * Custom business hours as a week: a row per day, Monday to Sunday, with its time ranges (none: closed);
 * Monday's hours copy to the other weekdays in one click. A range may end after midnight.
 */
export function ShiftsEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  // `preserve`: each row's weekday, whether or not its row is on screen yet (a new row is placed by it).
  const shifts = (Form.useWatch('shifts', { form, preserve: true }) as ShiftRow[] | undefined) ?? [];

  return (
    <Form.List
      name="shifts"
      rules={[
        {
          validator: async (_, rows?: ShiftRow[]) => {
            if (!rows || rows.length === 0) throw new Error(t('channels.form.shiftsRequired'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div className="channel-rows" data-testid="shifts-editor">
          <div className="week-grid">
            {WEEKDAYS.map(({ value: weekday, labelKey }) => {
              const ranges = fields.filter(({ name }) => shifts[name]?.weekday === weekday);
              return (
                <div key={weekday} className="week-grid__day" data-testid={`shift-day-${weekday}`}>
                  <span className="week-grid__name">{t(labelKey)}</span>
                  <div className="week-grid__ranges">
                    {ranges.length === 0 && (
                      <span className="week-grid__closed">{t('channels.form.closedDay')}</span>
                    )}
                    {ranges.map(({ key, name }) => (
                      <div key={key} className="week-grid__range" data-testid="shift-row">
                        <Form.Item name={[name, 'weekday']} hidden>
                          <InputNumber />
                        </Form.Item>
                        <Form.Item
                          name={[name, 'startsAt']}
                          rules={[{ required: true, message: t('channels.form.timeRequired') }]}
                        >
                          <TimePicker
                            aria-label={`${t(labelKey)} ${t('channels.form.startsAt')}`}
                            format={TIME_FORMAT}
                            needConfirm={false}
                            className="channel-rows__time"
                          />
                        </Form.Item>
                        <span className="week-grid__to" aria-hidden>
                          –
                        </span>
                        <Form.Item
                          name={[name, 'endsAt']}
                          dependencies={[['shifts', name, 'startsAt']]}
                          rules={[
                            { required: true, message: t('channels.form.timeRequired') },
                            {
                              validator: async (_, value?: ShiftRow['endsAt']) => {
                                const start = form.getFieldValue([
                                  'shifts',
                                  name,
                                  'startsAt',
                                ]) as ShiftRow['startsAt'];
                                if (value && start && value.format(TIME_FORMAT) === start.format(TIME_FORMAT))
                                  throw new Error(t('channels.form.timesDiffer'));
                              },
                            },
                          ]}
                        >
                          <TimePicker
                            aria-label={`${t(labelKey)} ${t('channels.form.endsAt')}`}
                            format={TIME_FORMAT}
                            needConfirm={false}
                            className="channel-rows__time"
                          />
                        </Form.Item>
                        <Button
                          type="text"
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('channels.form.removeShift')}
                          title={t('channels.form.removeShift')}
                          onClick={() => remove(name)}
                        />
                      </div>
                    ))}
                  </div>
                  <div className="week-grid__actions">
                    <Button
                      type="link"
                      size="small"
                      icon={<PlusOutlined aria-hidden />}
                      onClick={() => add(newShift(weekday))}
                      aria-label={`${t('channels.form.addShift')}: ${t(labelKey)}`}
                      data-testid={`add-shift-${weekday}`}
                    >
                      {t('channels.form.addShift')}
                    </Button>
                  </div>
                </div>
              );
            })}
          </div>
          <Form.ErrorList errors={errors} />
          {shifts.some((shift) => shift.weekday === 1) && (
            <Button
              size="small"
              className="week-grid__copy"
              icon={<CopyOutlined aria-hidden />}
              onClick={() => form.setFieldValue('shifts', copyMondayToWeekdays(shifts))}
              data-testid="copy-to-weekdays"
            >
              {t('channels.form.copyToWeekdays')}
            </Button>
          )}
          <p className="channel-form__hint">{t('channels.form.shiftHint')}</p>
        </div>
      )}
    </Form.List>
  );
}
