import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page, Tag } from '@sabai/contracts';
import { actionsColumn, ListTable } from '../../../components/list-table';
import { formatDateTime } from '../../../lib/format';
import type { ListState } from '../../../lib/list-query';
import type { TagSort } from '../api/get-tags';
import { TagChip } from './tag-chip';

type TagTableProps = {
  list: ListState<TagSort>;
  data: Page<Tag> | undefined;
  isLoading: boolean;
  onAdd: () => void;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
};

/** One page of tags with their colour, team and issue count; sorted and paged by the server. */
export function TagTable({ list, data, isLoading, onAdd, onEdit, onDelete }: TagTableProps) {
  const { t } = useTranslation();

  const columns: TableColumnsType<Tag> = [
    {
      ...list.sortable('name'),
      title: t('tags.columns.name'),
      render: (_, tag) => (
        <TagChip colour={tag.colour} className="tag-chip">
          {tag.name}
        </TagChip>
      ),
    },
    {
      ...list.sortable('team'),
      title: t('tags.columns.team'),
      render: (_, tag) => tag.team?.name ?? <span className="muted-text">{t('tags.noTeam')}</span>,
    },
    {
      ...list.sortable('issueCount'),
      title: t('tags.columns.issueCount'),
      align: 'end',
      render: (_, tag) => tag.issueCount.toLocaleString(),
    },
    {
      ...list.sortable('createdAt'),
      title: t('tags.columns.createdAt'),
      render: (_, tag) => formatDateTime(tag.createdAt),
    },
    actionsColumn<Tag>({ title: t('list.actions'), onEdit, onDelete }),
  ];

  return (
    <ListTable<Tag, TagSort>
      list={list}
      data={data}
      isLoading={isLoading}
      columns={columns}
      empty={{ text: t('tags.empty'), addLabel: t('tags.add'), onAdd }}
      testId="tag-table"
    />
  );
}
