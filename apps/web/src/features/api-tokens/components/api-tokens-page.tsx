import { Suspense, lazy, useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../components/list-card';
import { PageSpinner } from '../../../components/page-spinner';
import { SettingsPage } from '../../../components/settings-page';
import { ensureSettingsTexts, ensureWorkforceTexts } from '../../../lib/i18n';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import { useConfirm } from '../../../lib/use-confirm';
import { useLazyPanel } from '../../../lib/use-lazy-panel';
import { useApiTokens, useRevokeApiToken, type ApiToken, type CreatedApiToken } from '../api/api-tokens';
import { ApiTokenTable } from './api-token-table';
import { TokenCreatedModal } from './token-created-modal';
import '../api-tokens.css';

// The form (the permission matrix, date picker) loads when first opened: the list comes first.
const CreateTokenModal = lazy(() =>
  import('./create-token-modal').then(({ CreateTokenModal }) => ({ default: CreateTokenModal })),
);

/**
 * /setting/api-tokens (desktop only; whoever may update every user, Admin and SuperAdmin by default): the
 * organisation's API tokens for its own systems: create one with a name, permissions and
 * expiry and copy it once, see when each was last used, revoke one.
 */
export function ApiTokensPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const tokensQuery = useApiTokens();
  const revokeMutation = useRevokeApiToken();
  const [confirm, confirmHolder] = useConfirm();
  const [creating, setCreating, hasOpenedCreate] = useLazyPanel<'create'>();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  useRetrievalNotice(tokensQuery.isError, 'api_tokens');

  function handleCreated(token: CreatedApiToken) {
    setCreating(null);
    setCreated(token);
  }

  function handleRevoke(token: ApiToken) {
    confirm({
      title: t('apiTokens.revokeConfirm.title', { name: token.name }),
      content: t('apiTokens.revokeConfirm.text'),
      okText: t('apiTokens.revokeConfirm.ok'),
      onOk: async () => {
        try {
          await revokeMutation.mutateAsync(token.id);
          notice.success('apiTokens.revoked');
        } catch (error) {
          notice.error(error, 'common.error.update');
        }
      },
    });
  }

  return (
    <SettingsPage
      testId="api-tokens-page"
      title={t('apiTokens.title')}
      subtitle={t('apiTokens.subtitle')}
      add={{ label: t('apiTokens.add'), onClick: () => setCreating('create'), testId: 'add-api-token' }}
    >
      {confirmHolder}
      <ListCard
        toolbar={
          <Typography.Link href="/api/docs" target="_blank" rel="noopener noreferrer">
            {t('apiTokens.docs')}
          </Typography.Link>
        }
        isError={tokensQuery.isError}
        onRetry={() => void tokensQuery.refetch()}
      >
        <ApiTokenTable
          tokens={tokensQuery.data ?? []}
          isLoading={tokensQuery.isLoading}
          onCreate={() => setCreating('create')}
          onRevoke={handleRevoke}
        />
      </ListCard>
      {hasOpenedCreate && (
        <Suspense fallback={<PageSpinner />}>
          <CreateTokenModal
            open={creating !== null}
            onClose={() => setCreating(null)}
            onCreated={handleCreated}
          />
        </Suspense>
      )}
      <TokenCreatedModal created={created} onDone={() => setCreated(null)} />
    </SettingsPage>
  );
}

export { ApiTokensPage as Component };

/** The screen's texts (and the permission matrix's, shared with the roles) load with it, before it renders. */
export async function loader(): Promise<null> {
  await Promise.all([ensureSettingsTexts(), ensureWorkforceTexts()]);
  return null;
}
