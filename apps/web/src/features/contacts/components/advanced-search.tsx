import { Button, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ContactFilterOptions } from '@sabai/contracts';
import { CHANNEL_TYPES, provinceName, type Province } from '@sabai/domain';
import { useLanguage } from '../../../lib/navigation';
import { DISPLAY_DATE } from '../../../lib/format';
import { CHANNEL_TYPE_KEYS, GENDER_KEYS } from './contact-texts';
import { NO_FILTERS, type ContactFilters, type DayRange } from '../utils/contact-query';

type RangeValue = [Dayjs | null, Dayjs | null] | null;
type FormValues = Omit<ContactFilters, 'birthdate' | 'created' | 'lastContact' | 'hasOpenIssue'> & {
  birthdate: RangeValue;
  created: RangeValue;
  lastContact: RangeValue;
  hasOpenIssue: 'yes' | 'no' | 'any';
};

const toRange = (r: DayRange): RangeValue =>
  r.from || r.to ? [r.from ? dayjs(r.from) : null, r.to ? dayjs(r.to) : null] : null;
const fromRange = (v: RangeValue): DayRange => ({
  from: v?.[0]?.format('YYYY-MM-DD') ?? null,
  to: v?.[1]?.format('YYYY-MM-DD') ?? null,
});

type AdvancedSearchProps = {
  value: ContactFilters;
  options: ContactFilterOptions | undefined;
  provinces: readonly Province[];
  onApply: (filters: ContactFilters) => void;
};

/** Every advanced contact filter: channel, page, gender, province, date ranges, tags and open issue. */
export function AdvancedSearch({ value, options, provinces, onApply }: AdvancedSearchProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form] = Form.useForm<FormValues>();
  const initialValues: FormValues = {
    ...value,
    birthdate: toRange(value.birthdate),
    created: toRange(value.created),
    lastContact: toRange(value.lastContact),
    hasOpenIssue: value.hasOpenIssue === null ? 'any' : value.hasOpenIssue ? 'yes' : 'no',
  };

  function handleFinish(v: FormValues) {
    onApply({
      channel: v.channel ?? [],
      page: v.page ?? [],
      gender: v.gender ?? null,
      province: v.province ?? [],
      birthdate: fromRange(v.birthdate),
      created: fromRange(v.created),
      lastContact: fromRange(v.lastContact),
      tag: v.tag ?? [],
      hasOpenIssue: v.hasOpenIssue === 'any' ? null : v.hasOpenIssue === 'yes',
    });
  }

  function handleClear() {
    form.setFieldsValue({
      ...NO_FILTERS,
      birthdate: null,
      created: null,
      lastContact: null,
      hasOpenIssue: 'any',
    });
    onApply(NO_FILTERS);
  }

  const range = (name: 'birthdate' | 'created' | 'lastContact', label: string, testId: string) => (
    <Form.Item name={name} label={label}>
      <DatePicker.RangePicker
        format={DISPLAY_DATE}
        allowEmpty={[true, true]}
        className="contacts-filter__range"
        data-testid={testId}
      />
    </Form.Item>
  );

  return (
    <Form<FormValues>
      form={form}
      name="contactFilter"
      layout="vertical"
      initialValues={initialValues}
      onFinish={handleFinish}
      className="contacts-filter"
      data-testid="contact-advanced-search"
    >
      <div className="contacts-filter__grid">
        <Form.Item name="channel" label={t('contacts.field.channel')}>
          <Select
            mode="multiple"
            allowClear
            data-testid="filter-channel"
            options={CHANNEL_TYPES.map((type) => ({ value: type, label: t(CHANNEL_TYPE_KEYS[type]) }))}
          />
        </Form.Item>
        <Form.Item name="page" label={t('contacts.field.page')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="filter-page"
            options={(options?.channels ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="gender" label={t('contacts.field.gender')}>
          <Select
            allowClear
            data-testid="filter-gender"
            options={[
              { value: 'male', label: t(GENDER_KEYS.male) },
              { value: 'female', label: t(GENDER_KEYS.female) },
            ]}
          />
        </Form.Item>
        <Form.Item name="province" label={t('contacts.field.province')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="filter-province"
            options={provinces.map((p) => ({ value: p.en, label: provinceName(p.en, language) }))}
          />
        </Form.Item>
        {range('birthdate', t('contacts.filter.birthdate'), 'filter-birthdate')}
        {range('created', t('contacts.filter.created'), 'filter-created')}
        {range('lastContact', t('contacts.filter.lastContact'), 'filter-last-contact')}
        <Form.Item name="tag" label={t('contacts.filter.tag')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="filter-tag"
            options={(options?.tags ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          />
        </Form.Item>
        <Form.Item name="hasOpenIssue" label={t('contacts.filter.hasOpenIssue')}>
          <Select
            data-testid="filter-open-issue"
            options={[
              { value: 'any', label: t('contacts.filter.any') },
              { value: 'yes', label: t('contacts.filter.yes') },
              { value: 'no', label: t('contacts.filter.no') },
            ]}
          />
        </Form.Item>
      </div>
      <div className="contacts-filter__actions">
        <Button onClick={handleClear} data-testid="filter-clear">
          {t('contacts.clear')}
        </Button>
        <Button type="primary" htmlType="submit" data-testid="filter-apply">
          {t('contacts.apply')}
        </Button>
      </div>
    </Form>
  );
}
