import { useEffect, useState } from 'react';
import { Badge, Button, Card, Select, Typography } from 'antd';
import { AuditOutlined, DeleteOutlined, FilterOutlined, MergeCellsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONTACT_SORTS, type ContactSort } from '@sabai/contracts';
import { isAllowed } from '@sabai/domain';
import { ListSearch } from '../../../components/list-card';
import { RetryNotice } from '../../../components/retry-notice';
import { usePermissions } from '../../../lib/me';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { ensureContactsTexts } from '../../../lib/i18n';
import {
  useContactFilterOptions,
  useContactList,
  useDeleteContacts,
  useEraseContact,
  useProvinces,
  type ContactListItem,
} from '../api/contacts';
import { countFilters } from '../utils/contact-query';
import { useContactUrl } from '../hooks/use-contact-url';
import { AdvancedSearch } from './advanced-search';
import { AuditDrawer } from './audit-drawer';
import { ContactDrawer } from './contact-drawer';
import { ContactTable } from './contact-table';
import { SORT_KEYS } from './contact-texts';
import { ExportMenu } from './export-menu';
import { MergeModal } from './merge-modal';
import './contacts.css';

/** /contacts (scope all or myChannel): search, filter, export, edit and delete customers. */
export function ContactsPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const [confirm, confirmHolder] = useConfirm();
  const permissions = usePermissions();
  const canDelete = isAllowed(permissions, 'contact', 'delete');
  const canUpdate = isAllowed(permissions, 'contact', 'update');
  // The audit log is the admins' (whoever may delete any contact), as on the server.
  const canAudit = isAllowed(permissions, 'contact', 'delete', ['all']);
  const [isAuditOpen, setAuditOpen] = useState(false);
  const [mergeIds, setMergeIds] = useState<[string, string] | null>(null);
  const { search: query, setSearch } = useContactUrl();
  const { filters, sort } = query;
  const [searchText, setSearchText] = useState(query.search);
  const [isPanelOpen, setPanelOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useContactList(query);
  const options = useContactFilterOptions();
  const provinces = useProvinces();
  const remove = useDeleteContacts();
  const erase = useEraseContact();
  useRetrievalNotice(list.isError, 'contacts');
  useRetrievalNotice(provinces.isError, 'provinces');
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filterCount = countFilters(filters);

  // The typed search goes to the address once the user pauses.
  useEffect(() => {
    if (searchText === query.search) return;
    const timer = setTimeout(() => setSearch({ ...query, search: searchText }, { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [searchText, query, setSearch]);

  function handleDelete(ids: string[], name: string | null) {
    confirm({
      title: name ? t('contacts.delete.title') : t('contacts.delete.titleMany', { count: ids.length }),
      content: name ? `${name}: ${t('contacts.delete.body')}` : t('contacts.delete.body'),
      okText: t('contacts.delete.button'),
      onOk: async () => {
        try {
          await remove.mutateAsync(ids);
          if (name) notice.success('contacts.delete.done');
          else notice.successText(t('contacts.delete.doneMany', { count: ids.length }));
          setSelected((s) => s.filter((id) => !ids.includes(id)));
          if (openId && ids.includes(openId)) setOpenId(null);
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  function handleErase(id: string, name: string) {
    confirm({
      title: t('contacts.erase.title'),
      content: `${name}: ${t('contacts.erase.body')}`,
      okText: t('contacts.erase.button'),
      onOk: async () => {
        try {
          await erase.mutateAsync(id);
          notice.success('contacts.erase.done');
          setOpenId(null);
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  return (
    <div className="page contacts-page" data-testid="contacts-page">
      {confirmHolder}
      <Typography.Title level={1} className="page__title">
        {t('contacts.title')}
      </Typography.Title>
      <Card className="page__card">
        <div className="contacts-page__toolbar">
          <ListSearch
            value={searchText}
            onChange={setSearchText}
            label={t('contacts.search')}
            testId="contact-search"
          />
          <Badge count={filterCount} size="small">
            <Button
              icon={<FilterOutlined />}
              type={isPanelOpen ? 'primary' : 'default'}
              onClick={() => setPanelOpen((v) => !v)}
              aria-expanded={isPanelOpen}
              data-testid="contact-advanced"
            >
              {t('contacts.advanced')}
            </Button>
          </Badge>
          <Select<ContactSort>
            value={sort}
            onChange={(next: ContactSort) => setSearch({ ...query, sort: next })}
            aria-label={t('contacts.sortBy')}
            className="contacts-page__sort"
            data-testid="contact-sort"
            options={CONTACT_SORTS.map((s) => ({ value: s, label: t(SORT_KEYS[s]) }))}
          />
          <span className="contacts-page__spacer" />
          {selected.length > 0 && (
            <span className="contacts-page__selection" data-testid="contact-selection">
              {t('contacts.selected', { count: selected.length })}
              {canUpdate && selected.length === 2 && (
                <Button
                  icon={<MergeCellsOutlined />}
                  onClick={() => setMergeIds([selected[0]!, selected[1]!])}
                  data-testid="contact-merge"
                >
                  {t('contacts.merge.button')}
                </Button>
              )}
              {canDelete && (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => handleDelete(selected, null)}
                  data-testid="contact-delete-selected"
                >
                  {t('contacts.delete.selected')}
                </Button>
              )}
            </span>
          )}
          <ExportMenu search={query} selected={selected} />
          {canAudit && (
            <Button
              icon={<AuditOutlined />}
              onClick={() => setAuditOpen(true)}
              data-testid="contact-audit-open"
            >
              {t('contacts.audit.button')}
            </Button>
          )}
        </div>
        {isPanelOpen && (
          <AdvancedSearch
            value={filters}
            options={options.data}
            provinces={provinces.data ?? []}
            onApply={(next) => {
              setSearch({ ...query, filters: next });
              setSelected([]);
            }}
          />
        )}
        {list.isError ? (
          <RetryNotice onRetry={() => void list.refetch()} />
        ) : (
          <>
            <ContactTable
              items={items}
              isLoading={list.isLoading || (list.isFetching && !list.isFetchingNextPage)}
              isFiltered={query.search.trim() !== '' || filterCount > 0}
              selected={selected}
              onSelect={setSelected}
              onOpen={(c) => setOpenId(c.id)}
              onDelete={canDelete ? (c: ContactListItem) => handleDelete([c.id], c.displayName) : null}
            />
            {list.hasNextPage && (
              <div className="contacts-page__more">
                <Button
                  onClick={() => void list.fetchNextPage()}
                  loading={list.isFetchingNextPage}
                  data-testid="contact-load-more"
                >
                  {t('contacts.loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </Card>
      {canAudit && <AuditDrawer isOpen={isAuditOpen} onClose={() => setAuditOpen(false)} />}
      {mergeIds && (
        <MergeModal
          ids={mergeIds}
          onClose={() => setMergeIds(null)}
          onMerged={() => {
            notice.success('contacts.merge.done');
            setMergeIds(null);
            setSelected([]);
          }}
        />
      )}
      <ContactDrawer
        contactId={openId}
        provinces={provinces.data ?? []}
        isProvincesLoading={provinces.isLoading}
        onClose={() => setOpenId(null)}
        onDelete={(c) => handleDelete([c.id], c.displayName)}
        onErase={(c) => handleErase(c.id, c.displayName)}
      />
    </div>
  );
}

export { ContactsPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureContactsTexts();
  return null;
}
