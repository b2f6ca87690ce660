import type { ReactNode } from 'react';
import { Button, Empty, Space, Table, Tooltip } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Page } from '@sabai/contracts';
import type { ListState } from '../lib/list-query';

type ListTableProps<T extends object, S extends string> = {
  list: ListState<S>;
  data: Page<T> | undefined;
  isLoading: boolean;
  columns: TableColumnsType<T>;
  /** What an empty list says (ListEmpty, which knows whether a search found nothing)… */
  empty?: Omit<ListEmptyProps, 'isSearching'>;
  /** …or what it shows instead. */
  emptyText?: ReactNode;
  rowKey?: TableProps<T>['rowKey'];
  scrollX?: number;
  testId: string;
};

/** One page of a server-paged settings list: sorted and paged by the server, with its total. */
export function ListTable<T extends object, S extends string>({
  list,
  data,
  isLoading,
  columns,
  empty,
  emptyText,
  rowKey = 'id',
  scrollX,
  testId,
}: ListTableProps<T, S>) {
  const { t } = useTranslation();
  // A table wider than its screen scrolls sideways with its first column (what the row is) kept in view.
  const shown = scrollX
    ? columns.map((c, i) => (i === 0 && c.fixed === undefined ? { ...c, fixed: 'left' as const } : c))
    : columns;
  return (
    <Table<T>
      rowKey={rowKey}
      columns={shown}
      dataSource={data?.items ?? []}
      loading={isLoading}
      locale={{
        emptyText: isLoading
          ? null
          : (emptyText ?? (empty && <ListEmpty isSearching={list.isSearching} {...empty} />)),
      }}
      onChange={(pagination, _filters, sorter) => list.handleTableChange(pagination, sorter)}
      pagination={{
        current: list.params.page,
        pageSize: list.params.pageSize,
        total: data?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (count) => t('list.total', { count }),
      }}
      scroll={scrollX ? { x: scrollX } : undefined}
      data-testid={testId}
    />
  );
}

type ListEmptyProps = {
  isSearching: boolean;
  /** What the list says when there is nothing yet. */
  text: string;
  /** Says nothing matches the search; the settings texts' wording unless given. */
  noMatchText?: string;
  /** The way to add the first item, when the user may. */
  addLabel?: string;
  onAdd?: () => void;
};

/** A list's empty state: nothing matches the search, or nothing yet with the way to add the first. */
export function ListEmpty({ isSearching, text, noMatchText, addLabel, onAdd }: ListEmptyProps) {
  const { t } = useTranslation();
  if (isSearching)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={noMatchText ?? t('list.noMatch')} />;
  return (
    <Empty description={text}>
      {addLabel && onAdd && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
          {addLabel}
        </Button>
      )}
    </Empty>
  );
}

/** Whether a row allows an action: rows that carry canUpdate / canDelete say so, others allow it. */
const allows = (row: object, ability: 'canUpdate' | 'canDelete'): boolean =>
  (row as Partial<Record<typeof ability, boolean>>)[ability] !== false;

type ActionsColumnOptions<T> = {
  title: string;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  editLabel?: string;
  deleteLabel?: string;
  width?: number;
};

/** A list's actions column: edit and delete, each where the row allows it (its canUpdate / canDelete). */
export function actionsColumn<T extends object>({
  title,
  onEdit,
  onDelete,
  editLabel,
  deleteLabel,
  width,
}: ActionsColumnOptions<T>): TableColumnsType<T>[number] {
  return {
    key: 'actions',
    title,
    align: 'end',
    width,
    render: (_: unknown, row: T) => (
      <RowActions
        onEdit={onEdit && allows(row, 'canUpdate') ? () => onEdit(row) : undefined}
        onDelete={onDelete && allows(row, 'canDelete') ? () => onDelete(row) : undefined}
        editLabel={editLabel}
        deleteLabel={deleteLabel}
      />
    ),
  };
}

type IconActionProps = {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  isDanger?: boolean;
  size?: 'small' | 'middle';
};

/** A row's action as an icon button, named by its tooltip and label. */
export function IconAction({ label, icon, onClick, isDanger = false, size = 'middle' }: IconActionProps) {
  return (
    <Tooltip title={label}>
      <Button type="text" size={size} danger={isDanger} icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

type RowActionsProps = {
  /** Absent when the user may not edit the row. */
  onEdit?: () => void;
  /** Absent when the user may not delete the row. */
  onDelete?: () => void;
  /** The settings texts' Edit and Delete unless given. */
  editLabel?: string;
  deleteLabel?: string;
};

/** A row's edit and delete buttons. */
export function RowActions({ onEdit, onDelete, editLabel, deleteLabel }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {onEdit && (
        <IconAction
          label={editLabel ?? t('list.edit')}
          icon={<EditOutlined aria-hidden />}
          onClick={onEdit}
        />
      )}
      {onDelete && (
        <IconAction
          label={deleteLabel ?? t('list.delete')}
          icon={<DeleteOutlined aria-hidden />}
          onClick={onDelete}
          isDanger
        />
      )}
    </Space>
  );
}
