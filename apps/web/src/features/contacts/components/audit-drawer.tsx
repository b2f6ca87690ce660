import { Button, Drawer, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContactAuditAction, ContactAuditPage } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { RetryNotice } from '../../../components/retry-notice';
import { formatDateTime } from '../../../lib/format';
import { useContactAudit } from '../api/contacts';

const ACTION_KEYS: Record<ContactAuditAction, TranslationKey> = {
  view: 'contacts.audit.actions.view',
  export: 'contacts.audit.actions.export',
  update: 'contacts.audit.actions.update',
  delete: 'contacts.audit.actions.delete',
  merge: 'contacts.audit.actions.merge',
  erase: 'contacts.audit.actions.erase',
};

type AuditItem = ContactAuditPage['items'][number];

/** The audit log of personal data, newest first, for the organisation's admins. */
export function AuditDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const audit = useContactAudit(isOpen);
  const items = audit.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      size={720}
      title={t('contacts.audit.title')}
      destroyOnHidden
      classNames={{ body: 'audit-drawer__body' }}
    >
      {audit.isError ? (
        <RetryNotice onRetry={() => void audit.refetch()} />
      ) : (
        // The log scrolls in a region the keyboard can reach (WCAG 2.1.1): the drawer's body is not
        // focusable, and a log with no more pages to load has nothing in it that is.
        <div className="audit-drawer__log" tabIndex={0} role="region" aria-label={t('contacts.audit.title')}>
          <Table<AuditItem>
            rowKey="id"
            size="small"
            pagination={false}
            loading={audit.isLoading}
            dataSource={items}
            data-testid="contact-audit"
            columns={[
              {
                key: 'when',
                title: t('contacts.audit.when'),
                width: 140,
                render: (_, a) => formatDateTime(a.createdAt),
              },
              { key: 'who', title: t('contacts.audit.who'), render: (_, a) => a.user?.displayName ?? '' },
              {
                key: 'action',
                title: t('contacts.audit.action'),
                render: (_, a) =>
                  a.action === 'export'
                    ? `${t(ACTION_KEYS.export)} (${t('contacts.audit.exported', { count: a.count ?? 0 })})`
                    : t(ACTION_KEYS[a.action]),
              },
              {
                key: 'contact',
                title: t('contacts.audit.contact'),
                render: (_, a) => a.contactName ?? t('contacts.none'),
              },
            ]}
          />
          {audit.hasNextPage && (
            <div className="contacts-page__more">
              <Button onClick={() => void audit.fetchNextPage()} loading={audit.isFetchingNextPage}>
                {t('contacts.loadMore')}
              </Button>
            </div>
          )}
        </div>
      )}
    </Drawer>
  );
}
