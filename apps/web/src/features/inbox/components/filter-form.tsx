import { DatePicker, Form, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ISSUE_SORTS, ISSUE_TIME_FILTERS } from '@sabai/domain';
import { ChannelIcon } from '../../../components/channel-icon';
import { useRetrievalNotice } from '../../../lib/notices';
import { useFilterOptions } from '../api/issues';
import type { InboxQuery } from '../utils/inbox-query';

/** The filter drawer's fields; a chunk of its own (the date picker alone is ~60 KB), loaded when asked for. */
export function FilterForm({ query, onChange }: { query: InboxQuery; onChange: (next: InboxQuery) => void }) {
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
  // Without a Form.Item name antd ties no label to its control: each control's id is given by hand.
  return (
    <Form layout="vertical">
      <Form.Item label={t('inbox.filters.sort')} htmlFor="inbox-filter-sort">
        <Select
          value={query.sort}
          onChange={(sort) => onChange({ ...query, sort })}
          options={ISSUE_SORTS.map((s) => ({ value: s, label: t(`inbox.sort.${s}`) }))}
          id="inbox-filter-sort"
          data-testid="filter-sort"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.myIssue')} htmlFor="inbox-filter-my-issue">
        <Switch
          checked={query.myIssue}
          onChange={(myIssue) => onChange({ ...query, myIssue })}
          id="inbox-filter-my-issue"
          data-testid="filter-my-issue"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.channel')} htmlFor="inbox-filter-channel">
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
          id="inbox-filter-channel"
          data-testid="filter-channel"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.team')} htmlFor="inbox-filter-team">
        <Select
          {...multi}
          value={query.team}
          onChange={(team) => onChange({ ...query, team })}
          options={data?.teams.map((x) => ({ value: x.id, label: x.name }))}
          id="inbox-filter-team"
          data-testid="filter-team"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.tag')} htmlFor="inbox-filter-tag">
        <Select
          {...multi}
          value={query.tag}
          onChange={(tag) => onChange({ ...query, tag })}
          options={data?.tags.map((x) => ({ value: x.id, label: x.name }))}
          id="inbox-filter-tag"
          data-testid="filter-tag"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.agent')} htmlFor="inbox-filter-agent">
        <Select
          {...multi}
          value={query.agent}
          onChange={(agent) => onChange({ ...query, agent })}
          options={[
            { value: 'none', label: t('inbox.filters.nobody') },
            ...(data?.agents.map((x) => ({ value: x.id, label: x.displayName })) ?? []),
          ]}
          id="inbox-filter-agent"
          data-testid="filter-agent"
        />
      </Form.Item>
      <Form.Item label={t('inbox.filters.time')} htmlFor="inbox-filter-time">
        <Select
          allowClear
          placeholder={t('inbox.filters.any')}
          value={query.time || undefined}
          onChange={(time) => onChange({ ...query, time: time ?? '' })}
          options={ISSUE_TIME_FILTERS.map((x) => ({ value: x, label: t(`inbox.time.${x}`) }))}
          id="inbox-filter-time"
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
