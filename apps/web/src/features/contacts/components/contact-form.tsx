import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CONSENT_STATUSES, MOBILE_DIGITS, type ContactDetail, type UpdateContact } from '@sabai/contracts';
import { provinceName, type Province } from '@sabai/domain';
import { DISPLAY_DATE } from '../../../lib/format';
import { errorKey } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/navigation';
import { useUpdateContact } from '../api/contacts';
import { CONSENT_KEYS, GENDER_KEYS } from './contact-texts';

type FormValues = Omit<UpdateContact, 'birthdate'> & { birthdate: Dayjs | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type ContactFormProps = {
  contact: ContactDetail;
  provinces: readonly Province[];
  isProvincesLoading: boolean;
  onSaved: () => void;
  onCancel: () => void;
};

/** The editable fields of a contact, checked here as the server checks them. */
export function ContactForm({ contact, provinces, isProvincesLoading, onSaved, onCancel }: ContactFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [form] = Form.useForm<FormValues>();
  const update = useUpdateContact();
  const [failure, setFailure] = useState<unknown>(null);
  const initialValues: FormValues = {
    displayName: contact.displayName,
    name: contact.name,
    email: contact.email,
    mobileNumber: contact.mobileNumber,
    birthdate: contact.birthdate ? dayjs(contact.birthdate) : null,
    gender: contact.gender,
    province: contact.province,
    address: contact.address,
    location: contact.location,
    consentStatus: contact.consentStatus,
  };

  async function handleFinish(v: FormValues) {
    setFailure(null);
    try {
      await update.mutateAsync({
        id: contact.id,
        body: {
          ...v,
          email: v.email || null,
          mobileNumber: v.mobileNumber || null,
          gender: v.gender ?? null,
          province: v.province ?? null,
          address: v.address || null,
          location: v.location || null,
          birthdate: v.birthdate ? v.birthdate.format('YYYY-MM-DD') : null,
        },
      });
      onSaved();
    } catch (error) {
      setFailure(error);
    }
  }

  return (
    <Form<FormValues>
      form={form}
      name="contact"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(v) => void handleFinish(v)}
      data-testid="contact-form"
    >
      {failure !== null && (
        <Alert type="error" showIcon title={t(errorKey(failure, 'contacts.drawer.saveFailed'))} />
      )}
      <Form.Item
        name="displayName"
        label={t('contacts.field.displayName')}
        rules={[{ required: true, whitespace: true, message: t('contacts.validation.displayName') }]}
      >
        <Input maxLength={100} data-testid="contact-display-name" />
      </Form.Item>
      <Form.Item name="name" label={t('contacts.field.name')}>
        <Input maxLength={100} data-testid="contact-name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('contacts.field.email')}
        rules={[{ pattern: EMAIL, message: t('contacts.validation.email') }]}
      >
        <Input maxLength={254} inputMode="email" data-testid="contact-email" />
      </Form.Item>
      <Form.Item
        name="mobileNumber"
        label={t('contacts.field.mobileNumber')}
        rules={[
          {
            validator: (_, value: string | null) =>
              !value || MOBILE_DIGITS.test(value.replace(/[\s-]/g, ''))
                ? Promise.resolve()
                : Promise.reject(new Error(t('contacts.validation.mobile'))),
          },
        ]}
      >
        <Input maxLength={14} inputMode="tel" data-testid="contact-mobile" />
      </Form.Item>
      <Form.Item
        name="birthdate"
        label={t('contacts.field.birthdate')}
        rules={[
          {
            validator: (_, value: Dayjs | null) =>
              !value || !value.isAfter(dayjs(), 'day')
                ? Promise.resolve()
                : Promise.reject(new Error(t('contacts.validation.birthdate'))),
          },
        ]}
      >
        <DatePicker format={DISPLAY_DATE} className="contacts-form__date" data-testid="contact-birthdate" />
      </Form.Item>
      <Form.Item name="gender" label={t('contacts.field.gender')}>
        <Select
          allowClear
          data-testid="contact-gender"
          options={[
            { value: 'male', label: t(GENDER_KEYS.male) },
            { value: 'female', label: t(GENDER_KEYS.female) },
          ]}
        />
      </Form.Item>
      <Form.Item name="province" label={t('contacts.field.province')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={isProvincesLoading}
          data-testid="contact-province"
          options={provinces.map((p) => ({ value: p.en, label: provinceName(p.en, language) }))}
        />
      </Form.Item>
      <Form.Item name="address" label={t('contacts.field.address')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="contact-address" />
      </Form.Item>
      <Form.Item name="location" label={t('contacts.field.location')}>
        <Input maxLength={200} data-testid="contact-location" />
      </Form.Item>
      <Form.Item name="consentStatus" label={t('contacts.field.consentStatus')}>
        <Select
          data-testid="contact-consent"
          options={CONSENT_STATUSES.map((s) => ({ value: s, label: t(CONSENT_KEYS[s]) }))}
        />
      </Form.Item>
      <div className="contacts-form__actions">
        <Button onClick={onCancel}>{t('contacts.drawer.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="contact-save">
          {t('contacts.drawer.save')}
        </Button>
      </div>
    </Form>
  );
}
