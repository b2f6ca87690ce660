import { Empty, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Macro } from '@sabai/contracts';
import { actionsColumn, ListEmpty } from '../../../components/list-table';
import { SafeText } from '../../../components/safe-text';
import { formatDateTime } from '../../../lib/format';
import { stepSummary, type StepNames } from '../utils/macro-summary';

type MacroTableProps = {
  macros: Macro[];
  names: StepNames;
  myId: string | undefined;
  isLoading: boolean;
  isSearching: boolean;
  /** Absent when the user may not add macros. */
  onAdd?: () => void;
  onEdit: (macro: Macro) => void;
  onDelete: (macro: Macro) => void;
};

/** The macros by name: their steps in order, who can run them, when last changed. */
export function MacroTable({
  macros,
  names,
  myId,
  isLoading,
  isSearching,
  onAdd,
  onEdit,
  onDelete,
}: MacroTableProps) {
  const { t } = useTranslation();

  const columns: TableColumnsType<Macro> = [
    {
      key: 'name',
      title: t('canned.macros.columns.name'),
      width: 200,
      render: (_, macro) => <SafeText className="macro-table__name" text={macro.name} />,
    },
    {
      key: 'steps',
      title: t('canned.macros.columns.steps'),
      render: (_, macro) => (
        <ol className="macro-table__steps" data-testid="macro-steps">
          {macro.actions.map((step, index) => (
            <li key={index}>{stepSummary(t, step, names)}</li>
          ))}
        </ol>
      ),
    },
    {
      key: 'sharing',
      title: t('canned.macros.columns.sharing'),
      width: 200,
      render: (_, macro) => <Sharing macro={macro} myId={myId} />,
    },
    {
      key: 'updatedAt',
      title: t('canned.macros.columns.updatedAt'),
      width: 140,
      render: (_, macro) => formatDateTime(macro.updatedAt),
    },
    actionsColumn<Macro>({ title: t('list.actions'), onEdit, onDelete, width: 100 }),
  ];

  return (
    <Table<Macro>
      rowKey="id"
      columns={columns}
      dataSource={macros}
      loading={isLoading}
      pagination={false}
      locale={{
        emptyText: isLoading ? null : onAdd || isSearching ? (
          <ListEmpty
            isSearching={isSearching}
            text={t('canned.macros.empty')}
            addLabel={t('canned.macros.add')}
            onAdd={onAdd}
          />
        ) : (
          <Empty description={t('canned.macros.empty')} />
        ),
      }}
      data-testid="macro-table"
    />
  );
}

/** Shared with everyone, or one person's own (whose, when it is not the reader's). */
function Sharing({ macro, myId }: { macro: Macro; myId: string | undefined }) {
  const { t } = useTranslation();
  if (macro.isShared)
    return (
      <span className="macro-table__sharing">
        <Tag color="green">{t('canned.macros.shared')}</Tag>
        <span className="muted-text">{t('canned.macros.sharedHint')}</span>
      </span>
    );
  const whose = !macro.owner
    ? null
    : macro.owner.id === myId
      ? t('canned.macros.ownedByYou')
      : t('canned.macros.ownedBy', { name: macro.owner.displayName });
  return (
    <span className="macro-table__sharing">
      <Tag>{t('canned.macros.personal')}</Tag>
      {whose && <SafeText className="muted-text" text={whose} />}
    </span>
  );
}
