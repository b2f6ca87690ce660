import { useState } from 'react';
import { Alert, Modal, Radio, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { MERGE_FIELDS, type MergeField } from '@sabai/contracts';
import { formatPhone, provinceName } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { errorKey } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/navigation';
import { useContact, useMergeContacts, type ContactDetail } from '../api/contacts';
import { CONSENT_KEYS, GENDER_KEYS } from './contact-texts';

const FIELD_KEYS: Record<MergeField, TranslationKey> = {
  displayName: 'contacts.field.displayName',
  name: 'contacts.field.name',
  email: 'contacts.field.email',
  mobileNumber: 'contacts.field.mobileNumber',
  birthdate: 'contacts.field.birthdate',
  gender: 'contacts.field.gender',
  province: 'contacts.field.province',
  address: 'contacts.field.address',
  location: 'contacts.field.location',
  consentStatus: 'contacts.field.consentStatus',
};

type MergeModalProps = { ids: [string, string]; onClose: () => void; onMerged: () => void };

/** The two contacts side by side, a choice per field, then one merged contact. */
export function MergeModal({ ids, onClose, onMerged }: MergeModalProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const target = useContact(ids[0]).data;
  const source = useContact(ids[1]).data;
  const merge = useMergeContacts();
  const [picked, setPicked] = useState<Partial<Record<MergeField, 'target' | 'source'>>>({});

  const shown = (c: ContactDetail, field: MergeField): string => {
    const v = c[field];
    if (v === null || v === '') return t('contacts.merge.empty');
    if (field === 'mobileNumber') return formatPhone(String(v)) || String(v);
    if (field === 'gender') return t(GENDER_KEYS[v as 'male' | 'female']);
    if (field === 'province') return provinceName(String(v), language);
    if (field === 'consentStatus') return t(CONSENT_KEYS[c.consentStatus]);
    return String(v);
  };
  // Without a choice, a field keeps the first contact's value unless only the second has one.
  const choiceOf = (field: MergeField): 'target' | 'source' =>
    picked[field] ??
    (target && source && (target[field] === null || target[field] === '') && source[field]
      ? 'source'
      : 'target');

  async function handleOk() {
    await merge.mutateAsync({
      targetId: ids[0],
      body: { sourceId: ids[1], fromSource: MERGE_FIELDS.filter((f) => choiceOf(f) === 'source') },
    });
    onMerged();
  }

  return (
    <Modal
      open
      title={t('contacts.merge.title')}
      okText={t('contacts.merge.ok')}
      cancelText={t('common.cancel')}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={merge.isPending}
      okButtonProps={{ disabled: !target || !source, 'data-testid': 'merge-ok' } as never}
      width={760}
      rootClassName="contacts-merge"
      data-testid="merge-modal"
    >
      <p>{t('contacts.merge.body')}</p>
      {merge.isError && (
        <Alert type="error" showIcon title={t(errorKey(merge.error, 'common.error.update'))} />
      )}
      {!target || !source ? (
        <Skeleton active />
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={MERGE_FIELDS.map((field) => ({ field }))}
          columns={[
            {
              key: 'field',
              title: t('contacts.merge.field'),
              width: 160,
              render: (_, r) => t(FIELD_KEYS[r.field]),
            },
            {
              key: 'choice',
              title: `${target.displayName} ← ${source.displayName}`,
              render: (_, r) => (
                <Radio.Group
                  value={choiceOf(r.field)}
                  onChange={(e) =>
                    setPicked((p) => ({ ...p, [r.field]: e.target.value as 'target' | 'source' }))
                  }
                  data-testid={`merge-${r.field}`}
                  options={[
                    { value: 'target', label: shown(target, r.field) },
                    { value: 'source', label: shown(source, r.field) },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
