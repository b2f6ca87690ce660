import type { TableColumnsType } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CannedResponse, Page } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { actionsColumn, ListTable } from '../../../components/list-table';
import { formatDateTime } from '../../../lib/format';
import type { ListState } from '../../../lib/list-query';
import type { ResponseSort } from '../api/get-responses';

type ResponseTableProps = {
  list: ListState<ResponseSort>;
  data: Page<CannedResponse> | undefined;
  isLoading: boolean;
  /** What the empty table says when nothing is searched. */
  emptyKey: TranslationKey;
  canAdd: boolean;
  onAdd: () => void;
  onEdit: (response: CannedResponse) => void;
  onDelete: (response: CannedResponse) => void;
};

/** One page of canned responses; sorted and paged by the server. */
export function ResponseTable({
  list,
  data,
  isLoading,
  emptyKey,
  canAdd,
  onAdd,
  onEdit,
  onDelete,
}: ResponseTableProps) {
  const { t } = useTranslation();

  const columns: TableColumnsType<CannedResponse> = [
    {
      ...list.sortable('name'),
      title: t('canned.columns.name'),
      width: 180,
      render: (_, response) => <strong>{response.name}</strong>,
    },
    {
      key: 'message',
      title: t('canned.columns.message'),
      render: (_, response) => <span className="canned-message">{response.message}</span>,
    },
    {
      ...list.sortable('category'),
      title: t('canned.columns.category'),
      width: 140,
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
      ...list.sortable('createdAt'),
      title: t('canned.columns.createdAt'),
      width: 140,
      render: (_, response) => formatDateTime(response.createdAt),
    },
    actionsColumn<CannedResponse>({ title: t('list.actions'), onEdit, onDelete, width: 100 }),
  ];

  return (
    <ListTable<CannedResponse, ResponseSort>
      list={list}
      data={data}
      isLoading={isLoading}
      columns={columns}
      empty={{ text: t(emptyKey), addLabel: canAdd ? t('canned.add') : undefined, onAdd }}
      // Fits the 1440 px screen beside the categories (the message column takes what is left, 150 px or more).
      scrollX={790}
      testId="canned-table"
    />
  );
}
