import { Button, Empty, Space, Table, Tooltip } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CannedResponse } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import type { ResponseSort } from '../api/get-responses';

// Spec §9: dates show as dd/MM/yyyy HH:mm.
const DISPLAY_DATE_TIME = 'DD/MM/YYYY HH:mm';

type ResponseTableProps = {
  responses: readonly CannedResponse[];
  total: number;
  page: number;
  pageSize: number;
  isSearching: boolean;
  /** What the empty table says when nothing is searched. */
  emptyKey: TranslationKey;
  canAdd: boolean;
  isLoading: boolean;
  sortOrderOf: (key: ResponseSort) => 'ascend' | 'descend' | null;
  onChange: NonNullable<TableProps<CannedResponse>['onChange']>;
  onAdd: () => void;
  onEdit: (response: CannedResponse) => void;
  onDelete: (response: CannedResponse) => void;
};

/** One page of canned responses; sorted and paged by the server. */
export function ResponseTable({
  responses,
  total,
  page,
  pageSize,
  isSearching,
  emptyKey,
  canAdd,
  isLoading,
  sortOrderOf,
  onChange,
  onAdd,
  onEdit,
  onDelete,
}: ResponseTableProps) {
  const { t } = useTranslation();
  const sortable = (key: ResponseSort) => ({ key, sorter: true, sortOrder: sortOrderOf(key) });

  const columns: TableColumnsType<CannedResponse> = [
    {
      ...sortable('name'),
      title: t('canned.columns.name'),
      width: 200,
      render: (_, response) => <strong>{response.name}</strong>,
    },
    {
      key: 'message',
      title: t('canned.columns.message'),
      render: (_, response) => <span className="canned-message">{response.message}</span>,
    },
    {
      ...sortable('category'),
      title: t('canned.columns.category'),
      width: 160,
      render: (_, response) => response.category.name,
    },
    {
      key: 'attachments',
      title: t('canned.columns.attachments'),
      width: 80,
      render: (_, response) =>
        response.attachments.length > 0 ? (
          <span>
            <PaperClipOutlined aria-hidden /> {response.attachments.length}
          </span>
        ) : null,
    },
    {
      ...sortable('createdAt'),
      title: t('canned.columns.createdAt'),
      width: 150,
      render: (_, response) => dayjs(response.createdAt).format(DISPLAY_DATE_TIME),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      align: 'end',
      width: 100,
      render: (_, response) => (
        <Space size={4}>
          {response.canUpdate && (
            <Tooltip title={t('list.edit')}>
              <Button
                type="text"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('list.edit')}
                onClick={() => onEdit(response)}
              />
            </Tooltip>
          )}
          {response.canDelete && (
            <Tooltip title={t('list.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('list.delete')}
                onClick={() => onDelete(response)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const emptyText = isSearching ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.noMatch')} />
  ) : (
    <Empty description={t(emptyKey)}>
      {canAdd && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
          {t('canned.add')}
        </Button>
      )}
    </Empty>
  );

  return (
    <Table<CannedResponse>
      rowKey="id"
      columns={columns}
      dataSource={[...responses]}
      loading={isLoading}
      locale={{ emptyText: isLoading ? null : emptyText }}
      onChange={onChange}
      pagination={{
        current: page,
        pageSize,
        total,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (count) => t('list.total', { count }),
      }}
      scroll={{ x: 860 }}
      data-testid="canned-table"
    />
  );
}
