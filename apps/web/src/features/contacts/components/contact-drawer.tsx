import { useState } from 'react';
import { Button, Descriptions, Drawer, Empty, List, Skeleton, Space, Tag } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatPhone, provinceName, STATUS_COLOURS, type Province } from '@sabai/domain';
import { AppLink } from '../../../components/app-link';
import { ChannelIcon } from '../../../components/channel-icon';
import { RetryNotice } from '../../../components/retry-notice';
import { DISPLAY_DATE, formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/navigation';
import { useNotice } from '../../../lib/notices';
import { useContact, type ContactDetail } from '../api/contacts';
import { exportPerson } from '../api/export-contacts';
import { ContactForm } from './contact-form';
import { CHANNEL_TYPE_KEYS, CONSENT_KEYS, GENDER_KEYS } from './contact-texts';
import dayjs from 'dayjs';

type ContactDrawerProps = {
  contactId: string | null;
  provinces: readonly Province[];
  isProvincesLoading: boolean;
  onClose: () => void;
  onDelete: (contact: ContactDetail) => void;
  onErase: (contact: ContactDetail) => void;
};

/** One contact: details, identities per channel, issues linked to the inbox, and the edit form. */
export function ContactDrawer({
  contactId,
  provinces,
  isProvincesLoading,
  onClose,
  onDelete,
  onErase,
}: ContactDrawerProps) {
  const { t } = useTranslation();
  const query = useContact(contactId);
  const [isEditing, setEditing] = useState(false);
  const notice = useNotice();
  const contact = query.data;

  function handleClose() {
    setEditing(false);
    onClose();
  }

  return (
    <Drawer
      open={contactId !== null}
      onClose={handleClose}
      size={520}
      title={contact?.displayName ?? t('contacts.drawer.title')}
      destroyOnHidden
      rootClassName="contacts-drawer"
      extra={
        contact &&
        !isEditing && (
          <Space wrap>
            {contact.canUpdate && (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="contact-edit">
                {t('contacts.drawer.edit')}
              </Button>
            )}
            {contact.canDelete && (
              <Button danger onClick={() => onErase(contact)} data-testid="contact-erase">
                {t('contacts.erase.button')}
              </Button>
            )}
            {contact.canDelete && (
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() => onDelete(contact)}
                data-testid="contact-drawer-delete"
              >
                {t('contacts.delete.button')}
              </Button>
            )}
          </Space>
        )
      }
      data-testid="contact-drawer"
    >
      {query.isError ? (
        <RetryNotice onRetry={() => void query.refetch()} />
      ) : !contact ? (
        <Skeleton active />
      ) : isEditing ? (
        <ContactForm
          contact={contact}
          provinces={provinces}
          isProvincesLoading={isProvincesLoading}
          onSaved={() => {
            notice.success('contacts.drawer.saved');
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <ContactDetails contact={contact} />
      )}
    </Drawer>
  );
}

/** Downloads everything stored about the person as a zip, for their data access request. */
function PersonExportButton({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notice = useNotice();
  const [isExporting, setExporting] = useState(false);
  async function handleExport() {
    setExporting(true);
    try {
      await exportPerson(contactId, language);
      notice.success('contacts.personExport.done');
    } catch (failure) {
      notice.error(failure, 'contacts.personExport.failed');
    } finally {
      setExporting(false);
    }
  }
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={isExporting}
      onClick={() => void handleExport()}
      className="contacts-drawer__person-export"
      data-testid="contact-person-export"
    >
      {t('contacts.personExport.button')}
    </Button>
  );
}

function ContactDetails({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('contacts.none');
  return (
    <div className="contacts-drawer__body" data-testid="contact-details">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'displayName', label: t('contacts.field.displayName'), children: contact.displayName },
          { key: 'name', label: t('contacts.field.name'), children: contact.name || none },
          { key: 'email', label: t('contacts.field.email'), children: contact.email ?? none },
          {
            key: 'mobile',
            label: t('contacts.field.mobileNumber'),
            children: formatPhone(contact.mobileNumber) || none,
          },
          {
            key: 'birthdate',
            label: t('contacts.field.birthdate'),
            children: contact.birthdate ? dayjs(contact.birthdate).format(DISPLAY_DATE) : none,
          },
          {
            key: 'gender',
            label: t('contacts.field.gender'),
            children: contact.gender ? t(GENDER_KEYS[contact.gender]) : none,
          },
          {
            key: 'province',
            label: t('contacts.field.province'),
            children: contact.province ? provinceName(contact.province, language) : none,
          },
          { key: 'address', label: t('contacts.field.address'), children: contact.address ?? none },
          { key: 'location', label: t('contacts.field.location'), children: contact.location ?? none },
          {
            key: 'consent',
            label: t('contacts.field.consentStatus'),
            children: t(CONSENT_KEYS[contact.consentStatus]),
          },
          {
            key: 'consentAt',
            label: t('contacts.field.consentAt'),
            children: contact.consentAt ? formatDateTime(contact.consentAt) : none,
          },
          {
            key: 'created',
            label: t('contacts.field.createdAt'),
            children: formatDateTime(contact.createdAt),
          },
        ]}
      />
      <PersonExportButton contactId={contact.id} />
      <h3 className="contacts-drawer__heading">{t('contacts.drawer.identities')}</h3>
      <List
        size="small"
        dataSource={contact.identities}
        locale={{ emptyText: none }}
        renderItem={(identity) => (
          <List.Item data-testid="contact-identity">
            <span className="contacts-table__channel">
              <ChannelIcon type={identity.channel.type} size={18} />
              {t(CHANNEL_TYPE_KEYS[identity.channel.type])} · {identity.channel.name}
            </span>
            <Tag>
              {identity.isFollowing ? t('contacts.drawer.following') : t('contacts.drawer.notFollowing')}
            </Tag>
          </List.Item>
        )}
      />
      <h3 className="contacts-drawer__heading">{t('contacts.drawer.issues')}</h3>
      {contact.issues.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contacts.drawer.noIssues')} />
      ) : (
        <List
          size="small"
          dataSource={contact.issues}
          renderItem={(issue) => (
            <List.Item data-testid="contact-issue">
              <AppLink to={`/issue/inbox?issueId=${issue.id}`}>
                {t('contacts.drawer.openInInbox', { id: issue.id })}
              </AppLink>
              <span className="contacts-table__channel">
                <ChannelIcon type={issue.channel.type} size={16} />
                {issue.channel.name}
              </span>
              <Tag color={STATUS_COLOURS[issue.status]}>{t(`issue.status.${issue.status}`)}</Tag>
              <span className="contacts-drawer__date">{formatDateTime(issue.startDate)}</span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
