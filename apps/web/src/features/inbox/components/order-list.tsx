import { useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Input, Skeleton, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PostOrderList } from '@sabai/contracts';
import { SafeText } from '../../../components/safe-text';
import { useLanguage } from '../../../lib/navigation';
import { useNotice } from '../../../lib/notices';
import {
  exportOrders,
  usePostOrders,
  useUpdatePost,
  type OrderExportFormat,
  type SocialPost,
} from '../api/comments';
import { fullTime } from '../utils/time';

type OrderCollectionProps = {
  post: SocialPost;
  isReadOnly: boolean;
  isPhone: boolean;
  onOpenIssue: (id: number) => void;
};

const KEYWORD_MAX = 30;
const KEYWORDS_MAX = 20;

/**
 * Live commerce: the post's comments with an order keyword ("CF") are collected into its order list, once
 * the agent turns collection on. The keywords, the count, and the list with its CSV and XLSX export.
 */
export function OrderCollection({ post, isReadOnly, isPhone, onOpenIssue }: OrderCollectionProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const update = useUpdatePost(post.id);
  const [isListOpen, setIsListOpen] = useState(false);
  const switchId = `collect-orders-${post.id}`;

  const setCollecting = (collectsOrders: boolean) =>
    update.mutate(
      { collectsOrders },
      {
        onSuccess: () =>
          notice.success(collectsOrders ? 'inbox.comments.orders.started' : 'inbox.comments.orders.stopped'),
        onError: (error) => notice.error(error),
      },
    );

  return (
    <div className="post-orders" data-testid="post-orders">
      <span className="post-orders__switch">
        <Switch
          id={switchId}
          size="small"
          checked={post.collectsOrders}
          loading={update.isPending && update.variables?.collectsOrders !== undefined}
          disabled={isReadOnly}
          onChange={setCollecting}
          data-testid="collect-orders"
        />
        <label htmlFor={switchId}>{t('inbox.comments.orders.collect')}</label>
      </span>
      {post.collectsOrders && <OrderKeywords post={post} isReadOnly={isReadOnly} update={update} />}
      {(post.collectsOrders || post.orderCount > 0) && (
        <Button
          size="small"
          icon={<OrderedListOutlined />}
          onClick={() => setIsListOpen(true)}
          className="post-orders__open"
          data-testid="open-orders"
        >
          {t('inbox.comments.orders.open')}
          <span className="post-orders__count" data-testid="order-count">
            {post.orderCount}
          </span>
        </Button>
      )}
      <OrderListDrawer
        post={post}
        isOpen={isListOpen}
        isPhone={isPhone}
        onClose={() => setIsListOpen(false)}
        onOpenIssue={(id) => {
          setIsListOpen(false);
          onOpenIssue(id);
        }}
      />
    </div>
  );
}

type OrderKeywordsProps = {
  post: SocialPost;
  isReadOnly: boolean;
  update: ReturnType<typeof useUpdatePost>;
};

/** The words that make a comment an order, as tags: removed with their ×, added one at a time. */
function OrderKeywords({ post, isReadOnly, update }: OrderKeywordsProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [draft, setDraft] = useState<string | null>(null);
  // Enter takes the new keyword and closes its box, whose blur must not take it a second time.
  const isTaken = useRef(false);
  const keywords = post.orderKeywords;

  const save = (next: string[]) =>
    update.mutate(
      { orderKeywords: next },
      {
        onSuccess: () => notice.success('inbox.comments.orders.keywordsSaved'),
        onError: (error) => notice.error(error),
      },
    );
  const add = () => {
    if (isTaken.current) return;
    isTaken.current = true;
    const keyword = (draft ?? '').trim();
    setDraft(null);
    if (!keyword) return;
    if (keywords.some((k) => k.toLowerCase() === keyword.toLowerCase())) return;
    if (keyword.length > KEYWORD_MAX || keywords.length >= KEYWORDS_MAX) {
      notice.warning('inbox.comments.orders.keywordInvalid');
      return;
    }
    save([...keywords, keyword]);
  };
  const remove = (keyword: string) => {
    if (keywords.length <= 1) {
      notice.warning('inbox.comments.orders.lastKeyword');
      return;
    }
    save(keywords.filter((k) => k !== keyword));
  };

  return (
    <ul
      className="post-orders__keywords"
      aria-label={t('inbox.comments.orders.keywords')}
      title={t('inbox.comments.orders.keywordsHint')}
      data-testid="order-keywords"
    >
      {keywords.map((keyword) => (
        <li key={keyword}>
          <Tag
            closable={!isReadOnly && keywords.length > 1}
            onClose={(e) => {
              e.preventDefault();
              remove(keyword);
            }}
            closeIcon={<span aria-label={t('inbox.comments.orders.removeKeyword', { keyword })}>×</span>}
            data-testid="order-keyword"
          >
            <SafeText text={keyword} testId="order-keyword-text" />
          </Tag>
        </li>
      ))}
      {!isReadOnly && (
        <li>
          {draft === null ? (
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => {
                isTaken.current = false;
                setDraft('');
              }}
              disabled={keywords.length >= KEYWORDS_MAX}
              aria-label={t('inbox.comments.orders.addKeyword')}
              title={t('inbox.comments.orders.addKeyword')}
              data-testid="add-order-keyword"
            />
          ) : (
            <Input
              size="small"
              autoFocus
              className="post-orders__new-keyword"
              value={draft}
              maxLength={KEYWORD_MAX}
              onChange={(e) => setDraft(e.target.value)}
              onPressEnter={add}
              onBlur={add}
              onKeyDown={(e) => {
                if (e.key !== 'Escape') return;
                isTaken.current = true;
                setDraft(null);
              }}
              aria-label={t('inbox.comments.orders.newKeyword')}
              data-testid="new-order-keyword"
            />
          )}
        </li>
      )}
    </ul>
  );
}

type OrderListDrawerProps = {
  post: SocialPost;
  isOpen: boolean;
  isPhone: boolean;
  onClose: () => void;
  onOpenIssue: (id: number) => void;
};

type Order = PostOrderList['items'][number];

type OrderTableProps = {
  /** Null while loading. */
  orders: Order[] | null;
  columns: TableColumnsType<Order>;
  isPhone: boolean;
  onOpenIssue: (id: number) => void;
};

/** The orders as a table, or on a phone as a list of cards (a table would scroll sideways). */
function OrderTable({ orders, columns, isPhone, onOpenIssue }: OrderTableProps) {
  const { t } = useTranslation();
  if (orders === null) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (orders.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('inbox.comments.orders.empty')}
        data-testid="orders-empty"
      />
    );
  }
  if (!isPhone) {
    return (
      <Table<Order>
        size="small"
        rowKey="commentId"
        dataSource={orders}
        columns={columns}
        pagination={false}
        data-testid="orders-table"
      />
    );
  }
  return (
    <ol className="order-cards" data-testid="orders-table">
      {orders.map((order, index) => (
        <li key={order.commentId} className="order-cards__item" data-testid="order-card">
          <span className="order-cards__number">{index + 1}</span>
          <span className="order-cards__body">
            <span className="order-cards__top">
              <strong>
                <SafeText text={order.authorName} />
              </strong>
              <time dateTime={order.commentedAt}>{fullTime(order.commentedAt)}</time>
            </span>
            <span className="order-list__text">{order.text}</span>
          </span>
          {order.issueId !== null && (
            <Button
              type="link"
              size="small"
              className="order-list__issue"
              onClick={() => onOpenIssue(order.issueId!)}
              aria-label={t('inbox.comments.orders.openIssue', { id: order.issueId })}
            >
              #{order.issueId}
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The post's orders in comment order (No., commenter, comment, time, issue), with their export. */
function OrderListDrawer({ post, isOpen, isPhone, onClose, onOpenIssue }: OrderListDrawerProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const language = useLanguage();
  const orders = usePostOrders(post.id, isOpen);
  const [exporting, setExporting] = useState<OrderExportFormat | null>(null);

  const download = async (format: OrderExportFormat) => {
    setExporting(format);
    try {
      await exportOrders(post, format, language);
      notice.success('inbox.comments.orders.exported');
    } catch (error) {
      notice.error(error, 'inbox.comments.orders.exportFailed');
    } finally {
      setExporting(null);
    }
  };

  const columns: TableColumnsType<Order> = [
    {
      key: 'number',
      title: t('inbox.comments.orders.number'),
      width: 56,
      render: (_: unknown, _order: Order, index: number) => index + 1,
    },
    {
      key: 'author',
      title: t('inbox.comments.orders.author'),
      render: (_: unknown, order: Order) => <SafeText text={order.authorName} />,
    },
    {
      key: 'comment',
      title: t('inbox.comments.orders.comment'),
      render: (_: unknown, order: Order) => <span className="order-list__text">{order.text}</span>,
    },
    {
      key: 'time',
      title: t('inbox.comments.orders.time'),
      width: 140,
      render: (_: unknown, order: Order) => (
        <time dateTime={order.commentedAt}>{fullTime(order.commentedAt)}</time>
      ),
    },
    {
      key: 'issue',
      title: t('inbox.comments.orders.issue'),
      width: 80,
      render: (_: unknown, order: Order) =>
        order.issueId === null ? null : (
          <Button
            type="link"
            size="small"
            className="order-list__issue"
            onClick={() => onOpenIssue(order.issueId!)}
            aria-label={t('inbox.comments.orders.openIssue', { id: order.issueId })}
          >
            #{order.issueId}
          </Button>
        ),
    },
  ];

  return (
    <Drawer
      title={t('inbox.comments.orders.title')}
      open={isOpen}
      onClose={onClose}
      placement={isPhone ? 'bottom' : 'right'}
      size={isPhone ? '85%' : 720}
      destroyOnHidden
      data-testid="orders-drawer"
    >
      <div className="order-list__toolbar">
        <span className="order-list__total" data-testid="orders-total">
          {t('inbox.comments.orders.count', { count: orders.data?.total ?? post.orderCount })}
        </span>
        <span className="order-list__exports">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              size="small"
              icon={<DownloadOutlined />}
              loading={exporting === format}
              disabled={exporting !== null}
              onClick={() => void download(format)}
              data-testid={`export-orders-${format}`}
            >
              {t(format === 'csv' ? 'inbox.comments.orders.exportCsv' : 'inbox.comments.orders.exportXlsx')}
            </Button>
          ))}
        </span>
      </div>
      {orders.isError && !orders.data ? (
        <Alert
          type="error"
          showIcon
          title={t('inbox.comments.orders.loadFailed')}
          action={
            <Button size="small" onClick={() => void orders.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid="orders-failed"
        />
      ) : (
        <OrderTable
          orders={orders.data?.items ?? null}
          columns={columns}
          isPhone={isPhone}
          onOpenIssue={onOpenIssue}
        />
      )}
    </Drawer>
  );
}
