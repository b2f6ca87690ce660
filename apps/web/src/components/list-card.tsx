import type { ReactNode } from 'react';
import { Card, Input, Radio } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { RetryNotice } from './retry-notice';

type ListCardProps = {
  /** Search and filters above the list. */
  toolbar?: ReactNode;
  /** The list could not be retrieved: the generic notice with a retry replaces it. */
  isError: boolean;
  onRetry: () => void;
  className?: string;
  children: ReactNode;
};

/** The card holding a settings list, its toolbar and its failure state. */
export function ListCard({ toolbar, isError, onRetry, className, children }: ListCardProps) {
  return (
    <Card className={className ? `page__card ${className}` : 'page__card'}>
      {toolbar && <div className="settings-page__toolbar">{toolbar}</div>}
      {isError ? <RetryNotice onRetry={onRetry} /> : children}
    </Card>
  );
}

type ListSearchProps = { value: string; onChange: (value: string) => void; label: string; testId: string };

/** The search box of a list's toolbar. */
export function ListSearch({ value, onChange, label, testId }: ListSearchProps) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="settings-page__search"
      data-testid={testId}
    />
  );
}

type ListFilterProps<V extends string> = {
  value: V | null;
  options: readonly { value: V; label: string }[];
  /** The choice that filters nothing. */
  allLabel: string;
  /** Where the "all" choice stands: first (a filter) or last (when one value is the usual view). */
  allPlacement?: 'first' | 'last';
  label: string;
  onChange: (value: V | null) => void;
  testId?: string;
};

/** A list's filter of one field (a status) as buttons, beside its search. */
export function ListFilter<V extends string>({
  value,
  options,
  allLabel,
  allPlacement = 'first',
  label,
  onChange,
  testId,
}: ListFilterProps<V>) {
  const all = { value: ALL, label: allLabel };
  return (
    <Radio.Group
      optionType="button"
      value={value ?? ALL}
      aria-label={label}
      options={allPlacement === 'first' ? [all, ...options] : [...options, all]}
      onChange={(event) => {
        const next = event.target.value as V | typeof ALL;
        onChange(next === ALL ? null : next);
      }}
      data-testid={testId}
    />
  );
}

const ALL = 'all';
