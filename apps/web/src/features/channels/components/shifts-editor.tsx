import { Button, Form, Select, TimePicker } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, nextShift } from '../utils/channel-form';
import type { ChannelFormValues, ShiftRow } from '../utils/channel-form';

const TIME_FORMAT = 'HH:mm';

/** Custom business hours: working shifts per weekday; a shift may end after midnight. */
export function ShiftsEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const weekdayOptions = WEEKDAYS.map(({ value, labelKey }) => ({ value, label: t(labelKey) }));

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
          {fields.length > 0 && (
            <div className="channel-rows__head channel-rows__grid--shift" aria-hidden>
              <span>{t('channels.form.weekday')}</span>
              <span>{t('channels.form.startsAt')}</span>
              <span>{t('channels.form.endsAt')}</span>
            </div>
          )}
          {fields.map(({ key, name }) => (
            <div key={key} className="channel-rows__grid--shift" data-testid="shift-row">
              <Form.Item
                name={[name, 'weekday']}
                rules={[{ required: true, message: t('channels.form.weekdayRequired') }]}
              >
                <Select aria-label={t('channels.form.weekday')} options={weekdayOptions} />
              </Form.Item>
              <Form.Item
                name={[name, 'startsAt']}
                rules={[{ required: true, message: t('channels.form.timeRequired') }]}
              >
                <TimePicker
                  aria-label={t('channels.form.startsAt')}
                  format={TIME_FORMAT}
                  needConfirm={false}
                  className="channel-rows__time"
                />
              </Form.Item>
              <Form.Item
                name={[name, 'endsAt']}
                dependencies={[['shifts', name, 'startsAt']]}
                rules={[
                  { required: true, message: t('channels.form.timeRequired') },
                  {
                    validator: async (_, value?: ShiftRow['endsAt']) => {
                      const start = form.getFieldValue(['shifts', name, 'startsAt']) as ShiftRow['startsAt'];
                      if (value && start && value.format(TIME_FORMAT) === start.format(TIME_FORMAT))
                        throw new Error(t('channels.form.timesDiffer'));
                    },
                  },
                ]}
              >
                <TimePicker
                  aria-label={t('channels.form.endsAt')}
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
          <Form.ErrorList errors={errors} />
          <p className="channel-form__hint">{t('channels.form.shiftHint')}</p>
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => add(nextShift((form.getFieldValue('shifts') as ShiftRow[] | undefined) ?? []))}
            data-testid="add-shift"
          >
            {t('channels.form.addShift')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
