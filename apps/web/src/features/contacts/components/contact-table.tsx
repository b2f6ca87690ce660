import { Avatar, Button, Table, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatPhone, provinceName } from '@sabai/domain';
import { AppLink } from '../../../components/app-link';
import { ChannelIcon } from '../../../components/channel-icon';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/navigation';
import type { ContactListItem } from '../api/contacts';
import { SafeText } from '../../../components/safe-text';

type ContactTableProps = {
  items: ContactListItem[];
  isLoading: boolean;
  isFiltered: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  onOpen: (contact: ContactListItem) => void;
  onDelete: ((contact: ContactListItem) => void) | null;
};

/** The contact list: the columns a support lead reads, a row opens the contact's drawer. */
export function ContactTable({
  items,
  isLoading,
  isFiltered,
  selected,
  onSelect,
  onOpen,
  onDelete,
}: ContactTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('contacts.none');
  const columns: TableColumnsType<ContactListItem> = [
    {
      key: 'name',
      title: t('contacts.field.name'),
      fixed: 'left',
      width: 200,
      render: (_, c) => (
        <button
          type="button"
          className="contacts-table__name"
          onClick={() => onOpen(c)}
          data-testid="contact-open"
        >
          <Avatar
            size={32}
            src={c.pictureUrl ?? undefined}
            icon={c.displayName ? undefined : <UserOutlined />}
            alt=""
          >
            {c.displayName.trim().charAt(0).toUpperCase()}
          </Avatar>
          <span>
            <SafeText className="contacts-table__display-name" text={c.displayName} />
            {c.name && <SafeText className="contacts-table__real-name" text={c.name} />}
          </span>
        </button>
      ),
    },
    {
      key: 'channel',
      title: t('contacts.field.channel'),
      width: 170,
      render: (_, c) =>
        c.channels.length ? (
          <span className="contacts-table__channels">
            {c.channels.map((ch) => (
              <span key={ch.id} className="contacts-table__channel">
                <ChannelIcon type={ch.type} size={18} />
                {ch.name}
              </span>
            ))}
          </span>
        ) : (
          none
        ),
    },
    {
      key: 'phone',
      title: t('contacts.field.mobileNumber'),
      width: 120,
      render: (_, c) => <span data-testid="contact-phone">{formatPhone(c.mobileNumber)}</span>,
    },
    {
      key: 'email',
      title: t('contacts.field.email'),
      width: 200,
      ellipsis: true,
      render: (_, c) => c.email ?? '',
    },
    {
      key: 'province',
      title: t('contacts.field.province'),
      width: 110,
      render: (_, c) => (c.province ? provinceName(c.province, language) : ''),
    },
    {
      key: 'lastContact',
      title: t('contacts.field.lastContact'),
      width: 140,
      render: (_, c) => (c.lastContactAt ? formatDateTime(c.lastContactAt) : none),
    },
    {
      key: 'openIssue',
      title: t('contacts.field.openIssue'),
      width: 100,
      render: (_, c) =>
        c.openIssueId ? (
          <AppLink to={`/issue/inbox?issueId=${c.openIssueId}`} data-testid="contact-open-issue">
            #{c.openIssueId}
          </AppLink>
        ) : (
          none
        ),
    },
  ];
  if (onDelete) {
    columns.push({
      key: 'actions',
      title: '',
      width: 48,
      fixed: 'right',
      render: (_, c) => (
        <Tooltip title={t('contacts.delete.button')}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('contacts.delete.button')}
            onClick={() => onDelete(c)}
            data-testid="contact-delete"
          />
        </Tooltip>
      ),
    });
  }
  return (
    <Table<ContactListItem>
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={isLoading}
      pagination={false}
      size="middle"
      scroll={{ x: 1040 }}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(String)) }}
      // In a span of its own colour: antd writes a plain empty text in its disabled grey (1.8:1).
      locale={{
        emptyText: (
          <span className="muted-text">{isFiltered ? t('contacts.empty') : t('contacts.emptyAll')}</span>
        ),
      }}
      data-testid="contact-table"
    />
  );
}
