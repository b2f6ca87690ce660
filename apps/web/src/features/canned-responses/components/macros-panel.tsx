import { useMemo, useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Macro } from '@sabai/contracts';
import { ListCard, ListSearch } from '../../../components/list-card';
import { useMacros } from '../../../lib/macros';
import { useMe } from '../../../lib/me';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useDeleteMacro } from '../api/delete-macro';
import { useStepNames } from '../hooks/use-step-names';
import { MacroTable } from './macro-table';

type MacrosPanelProps = {
  /** Absent when the user may not add macros. */
  onAdd?: () => void;
  onEdit: (macro: Macro) => void;
};

/** The Macros tab: what macros are for, then the macros the user sees, searched by name. */
export function MacrosPanel({ onAdd, onEdit }: MacrosPanelProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const macrosQuery = useMacros();
  const myId = useMe().data?.id;
  const deleteMutation = useDeleteMacro();
  const [confirm, confirmHolder] = useConfirm();
  const [search, setSearch] = useState('');
  useRetrievalNotice(macrosQuery.isError, 'macros');
  const macros = useMemo(() => macrosQuery.data ?? [], [macrosQuery.data]);
  const names = useStepNames(macros);
  // Few enough to hold at once (the server answers them all): searched here.
  const shown = useMemo(() => {
    const query = search.trim().toLocaleLowerCase();
    return query ? macros.filter((macro) => macro.name.toLocaleLowerCase().includes(query)) : macros;
  }, [macros, search]);

  function handleDelete(macro: Macro) {
    confirm({
      title: t('canned.macros.deleteConfirm.title', { name: macro.name }),
      content: t('canned.macros.deleteConfirm.text'),
      okText: t('canned.macros.deleteConfirm.ok'),
      onOk: async () => {
        try {
          await deleteMutation.mutateAsync(macro.id);
          notice.success('canned.macros.deleted');
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  return (
    <>
      {confirmHolder}
      <Typography.Paragraph type="secondary" className="macros-panel__intro">
        {t('canned.macros.intro')}
      </Typography.Paragraph>
      <ListCard
        toolbar={
          <ListSearch
            value={search}
            onChange={setSearch}
            label={t('canned.macros.search')}
            testId="macro-search"
          />
        }
        isError={macrosQuery.isError}
        onRetry={() => void macrosQuery.refetch()}
      >
        <MacroTable
          macros={shown}
          names={names}
          myId={myId}
          isLoading={macrosQuery.isLoading}
          isSearching={search.trim() !== ''}
          onAdd={onAdd}
          onEdit={onEdit}
          onDelete={handleDelete}
        />
      </ListCard>
    </>
  );
}
