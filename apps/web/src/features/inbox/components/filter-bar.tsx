import { useEffect, useState } from 'react';
import { Badge, Button, DatePicker, Drawer, Form, Input, Select, Switch, Tag } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ISSUE_SORTS, ISSUE_TIME_FILTERS, STATUS_FILTERS } from '@sabai/domain';
import { ChannelIcon } from '../../../components/channel-icon';
import { useRetrievalNotice } from '../../../lib/notices';
import { useFilterOptions, useIssueCounts } from '../api/issues';
import { activeFilterCount, EMPTY_QUERY, type InboxQuery } from '../utils/inbox-query';

type FilterBarProps = {
  query: InboxQuery;
  onChange: (next: InboxQuery) => void;
  isCompact?: boolean;
  /** The kanban shows statuses as columns. */
  hideStatuses?: boolean;
};

/** Status tabs with their counts, the search, and the other filter keys in a drawer. */
export function FilterBar({ query, onChange, isCompact = false, hideStatuses = false }: FilterBarProps) {
  const { t } = useTranslation();
  const counts = useIssueCounts(query);
  useRetrievalNotice(counts.isError, 'issues_by_status');
  const [search, setSearch] = useState(query.search);
  const [isOpen, setIsOpen] = useState(false);

  // Searching as the user types, once they pause.
  useEffect(() => {
    if (search === query.search) return;
    const timer = setTimeout(() => onChange({ ...query, search }), 300);
    return () => clearTimeout(timer);
  }, [search, query, onChange]);

  const countOf = (status: string) =>
    status === '' ? counts.data?.total : counts.data?.counts?.[status as keyof typeof counts.data.counts];

  return (
    <div className="filter-bar">
      {!hideStatuses && (
        <div className="filter-bar__statuses" aria-label={t('inbox.info.status')}>
          {STATUS_FILTERS.map((f) => (
            <Tag.CheckableTag
              key={f.value || 'all'}
              checked={query.status === f.value}
              onChange={() => onChange({ ...query, status: f.value })}
            >
              <span data-testid={`status-tab-${f.value || 'all'}`}>
                {t(f.labelKey)} <span className="filter-bar__count">{countOf(f.value) ?? ''}</span>
              </span>
            </Tag.CheckableTag>
          ))}
        </div>
      )}
      <div className="filter-bar__row">
        <Input.Search
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(value) => onChange({ ...query, search: value })}
          placeholder={t('inbox.search')}
          aria-label={t('inbox.search')}
          data-testid="issue-search"
        />
        <Badge count={activeFilterCount(query)} size="small">
          <Button icon={<FilterOutlined />} onClick={() => setIsOpen(true)} data-testid="open-filters">
            {isCompact ? null : t('inbox.filters.open')}
          </Button>
        </Badge>
      </div>
      {/* A search matching too many issues to count in time leaves the tabs (and kanban columns) without numbers. */}
      {counts.data?.total === null && (
        <p className="filter-bar__hint" data-testid="too-many-to-count">
          {t('inbox.tooManyToCount')}
        </p>
      )}
      <Drawer
        title={t('inbox.filters.title')}
        open={isOpen}
        onClose={() => setIsOpen(false)}
        placement={isCompact ? 'bottom' : 'right'}
        size={isCompact ? 560 : 380}
        extra={
          <Button type="link" onClick={() => onChange({ ...EMPTY_QUERY, status: query.status })}>
            {t('inbox.filters.clear')}
          </Button>
        }
        data-testid="filters-drawer"
      >
        <FilterForm query={query} onChange={onChange} />
      </Drawer>
    </div>
  );
}

function FilterForm({ query, onChange }: { query: InboxQuery; onChange: (next: InboxQuery) => void }) {
  const { t } = useTranslation();
  const options = useFilterOptions();
  useRetrievalNotice(options.isError, 'issues');
  const data = options.data;
  const multi = {
    mode: 'multiple' as const,
    allowClear: true,
    loading: options.isLoading,
    placeholder: t('inbox.filters.any'),
    showSearch: { optionFilterProp: 'label' },
  };
  return (
    <Form layout="vertical">
      <Form.Item label={t('inbox.filters.sort')}>
        <Select
          value={query.sort}
          onChange={(sort) => onChange({ ...query, sort })}
          options={ISSUE_SORTS.map((s) => ({ value: s, label: t(`inbox.sort.${s}`) }))}
          data-testid="filter-sort"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.myIssue')}>
        <Switch
          checked={query.myIssue}
          onChange={(myIssue) => onChange({ ...query, myIssue })}
          data-testid="filter-my-issue"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.channel')}>
        <Select
          {...multi}
          value={query.channel}
          onChange={(channel) => onChange({ ...query, channel })}
          options={data?.channels.map((c) => ({
            value: c.id,
            label: c.name,
            icon: c.type,
          }))}
          optionRender={(option) => (
            <span className="filter-bar__channel">
              <ChannelIcon type={option.data.icon} size={16} /> {option.label}
            </span>
          )}
          data-testid="filter-channel"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.team')}>
        <Select
          {...multi}
          value={query.team}
          onChange={(team) => onChange({ ...query, team })}
          options={data?.teams.map((x) => ({ value: x.id, label: x.name }))}
          data-testid="filter-team"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.tag')}>
        <Select
          {...multi}
          value={query.tag}
          onChange={(tag) => onChange({ ...query, tag })}
          options={data?.tags.map((x) => ({ value: x.id, label: x.name }))}
          data-testid="filter-tag"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.agent')}>
        <Select
          {...multi}
          value={query.agent}
          onChange={(agent) => onChange({ ...query, agent })}
          options={[
            { value: 'none', label: t('inbox.filters.nobody') },
            ...(data?.agents.map((x) => ({ value: x.id, label: x.displayName })) ?? []),
          ]}
          data-testid="filter-agent"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.time')}>
        <Select
          allowClear
          placeholder={t('inbox.filters.any')}
          value={query.time || undefined}
          onChange={(time) => onChange({ ...query, time: time ?? '' })}
          options={ISSUE_TIME_FILTERS.map((x) => ({ value: x, label: t(`inbox.time.${x}`) }))}
          data-testid="filter-time"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.dates')}>
        <DatePicker.RangePicker
          format="DD/MM/YYYY"
          value={query.startDate ? [dayjs(query.startDate), dayjs(query.endDate || query.startDate)] : null}
          onChange={(range) =>
            onChange({
              ...query,
              startDate: range?.[0]?.format('YYYY-MM-DD') ?? '',
              endDate: range?.[1]?.format('YYYY-MM-DD') ?? '',
            })
          }
          data-testid="filter-dates"
        />
      </Form.Item>
    </Form>
  );
}
