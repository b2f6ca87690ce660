import { Button, Table, Tag as AntTag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import { ListEmpty } from '../../../components/list-table';
import { formatDateTime } from '../../../lib/format';
import { ACTION_LABELS, RESOURCE_LABELS, SCOPE_LABELS } from '../../../lib/permission-matrix';
import type { ApiToken } from '../api/api-tokens';
import { grantsOf, type Grant } from '../utils/token-form';

// Grants shown in a row before "+n more" (the tooltip lists them all).
const SHOWN_GRANTS = 3;

const STATUS_COLOURS = { active: 'green', expired: 'orange', revoked: 'default' } as const;
const STATUS_LABELS = {
  active: 'apiTokens.status.active',
  expired: 'apiTokens.status.expired',
  revoked: 'apiTokens.status.revoked',
} as const satisfies Record<ApiToken['status'], TranslationKey>;

type ApiTokenTableProps = {
  tokens: readonly ApiToken[];
  isLoading: boolean;
  onCreate: () => void;
  onRevoke: (token: ApiToken) => void;
};

/** The organisation's tokens, newest first: who made each, what it may do, when it expires and was used. */
export function ApiTokenTable({ tokens, isLoading, onCreate, onRevoke }: ApiTokenTableProps) {
  const { t } = useTranslation();
  const grantText = (grant: Grant) =>
    `${t(RESOURCE_LABELS[grant.resource])} · ${t(ACTION_LABELS[grant.action])}: ${t(SCOPE_LABELS[grant.scope])}`;

  const columns: TableColumnsType<ApiToken> = [
    {
      key: 'name',
      title: t('apiTokens.columns.name'),
      fixed: 'left',
      width: 200,
      render: (_, token) => <strong>{token.name}</strong>,
    },
    {
      key: 'prefix',
      title: t('apiTokens.columns.token'),
      render: (_, token) => <span className="api-token-table__prefix">{`${token.prefix}…`}</span>,
    },
    {
      key: 'permissions',
      title: t('apiTokens.columns.permissions'),
      render: (_, token) => {
        const grants = grantsOf(token.permissions);
        const rest = grants.length - SHOWN_GRANTS;
        return (
          <Tooltip title={grants.map(grantText).join('\n')} styles={{ root: { whiteSpace: 'pre-line' } }}>
            <div className="api-token-table__grants" data-testid="api-token-grants">
              {grants.slice(0, SHOWN_GRANTS).map((grant) => (
                <AntTag key={`${grant.resource}.${grant.action}`}>{grantText(grant)}</AntTag>
              ))}
              {rest > 0 && <AntTag>{t('apiTokens.morePermissions', { count: rest })}</AntTag>}
            </div>
          </Tooltip>
        );
      },
    },
    {
      key: 'createdBy',
      title: t('apiTokens.columns.createdBy'),
      render: (_, token) => (
        <>
          <div>{token.createdBy?.name ?? t('apiTokens.deletedCreator')}</div>
          <div className="muted-text api-token-table__date">{formatDateTime(token.createdAt)}</div>
        </>
      ),
    },
    {
      key: 'expiresAt',
      title: t('apiTokens.columns.expiresAt'),
      className: 'api-token-table__date',
      render: (_, token) => (token.expiresAt ? formatDateTime(token.expiresAt) : t('apiTokens.never')),
    },
    {
      key: 'lastUsedAt',
      title: t('apiTokens.columns.lastUsedAt'),
      className: 'api-token-table__date',
      render: (_, token) =>
        token.lastUsedAt ? (
          formatDateTime(token.lastUsedAt)
        ) : (
          <span className="muted-text">{t('apiTokens.notUsed')}</span>
        ),
    },
    {
      key: 'status',
      title: t('apiTokens.columns.status'),
      render: (_, token) => (
        <AntTag color={STATUS_COLOURS[token.status]} data-testid="api-token-status">
          {t(STATUS_LABELS[token.status])}
        </AntTag>
      ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      align: 'end',
      render: (_, token) =>
        token.status === 'active' && (
          <Button
            danger
            size="small"
            icon={<StopOutlined aria-hidden />}
            onClick={() => onRevoke(token)}
            data-testid="revoke-api-token"
          >
            {t('apiTokens.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <Table<ApiToken>
      rowKey="id"
      columns={columns}
      dataSource={[...tokens]}
      loading={isLoading}
      locale={{
        emptyText: isLoading ? null : (
          <ListEmpty
            isSearching={false}
            text={t('apiTokens.empty')}
            addLabel={t('apiTokens.add')}
            onAdd={onCreate}
          />
        ),
      }}
      pagination={false}
      scroll={{ x: 1100 }}
      data-testid="api-token-table"
    />
  );
}
