import { Button, Empty, Space, Table, Tag as AntTag, Tooltip } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@sabai/contracts';
import type { TagSort } from '../api/get-tags';

// Spec §9: dates show as dd/MM/yyyy HH:mm.
const DISPLAY_DATE_TIME = 'DD/MM/YYYY HH:mm';

type TagTableProps = {
  tags: readonly Tag[];
  total: number;
  page: number;
  pageSize: number;
  isSearching: boolean;
  isLoading: boolean;
  sortOrderOf: (key: TagSort) => 'ascend' | 'descend' | null;
  onChange: NonNullable<TableProps<Tag>['onChange']>;
  onAdd: () => void;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
};

/** One page of tags with their colour, team and issue count; sorted and paged by the server. */
export function TagTable({
  tags,
  total,
  page,
  pageSize,
  isSearching,
  isLoading,
  sortOrderOf,
  onChange,
  onAdd,
  onEdit,
  onDelete,
}: TagTableProps) {
  const { t } = useTranslation();
  const sortable = (key: TagSort) => ({ key, sorter: true, sortOrder: sortOrderOf(key) });

  const columns: TableColumnsType<Tag> = [
    {
      ...sortable('name'),
      title: t('tags.columns.name'),
      render: (_, tag) => (
        <AntTag color={tag.colour} variant="solid" className="tag-chip">
          {tag.name}
        </AntTag>
      ),
    },
    {
      ...sortable('team'),
      title: t('tags.columns.team'),
      render: (_, tag) => tag.team?.name ?? <span className="muted-text">{t('tags.noTeam')}</span>,
    },
    {
      ...sortable('issueCount'),
      title: t('tags.columns.issueCount'),
      align: 'end',
      render: (_, tag) => tag.issueCount.toLocaleString(),
    },
    {
      ...sortable('createdAt'),
      title: t('tags.columns.createdAt'),
      render: (_, tag) => dayjs(tag.createdAt).format(DISPLAY_DATE_TIME),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      align: 'end',
      render: (_, tag) => (
        <Space size={4}>
          <Tooltip title={t('list.edit')}>
            <Button
              type="text"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('list.edit')}
              onClick={() => onEdit(tag)}
            />
          </Tooltip>
          <Tooltip title={t('list.delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('list.delete')}
              onClick={() => onDelete(tag)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  const emptyText = isSearching ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.noMatch')} />
  ) : (
    <Empty description={t('tags.empty')}>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
        {t('tags.add')}
      </Button>
    </Empty>
  );

  return (
    <Table<Tag>
      rowKey="id"
      columns={columns}
      dataSource={[...tags]}
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
      data-testid="tag-table"
    />
  );
}
