import { useDeferredValue, useEffect, useState } from 'react';
import { Button, DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AuditAction, AuditArea } from '@sabai/contracts';
import { ListSearch } from '../../../components/list-card';
import { DISPLAY_DATE } from '../../../lib/format';
import { useRetrievalNotice } from '../../../lib/notices';
import { usePeople, type PersonOption } from '../api/get-people';
import { NO_FILTERS, hasFilters, type AuditFilters } from '../utils/audit-query';
import { ACTIONS, ACTION_KEYS, AREAS, AREA_KEYS } from './audit-texts';

type RangeValue = [Dayjs | null, Dayjs | null] | null;

type AuditFiltersBarProps = { value: AuditFilters; onChange: (filters: AuditFilters) => void };

/** The log's filters: the person who acted, the area, the action, the period and words to search. */
export function AuditFiltersBar({ value, onChange }: AuditFiltersBarProps) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState(value.search);
  const [personSearch, setPersonSearch] = useState('');
  // The chosen person stays named while the picker's search shows others.
  const [person, setPerson] = useState<PersonOption | null>(null);
  const peopleQuery = usePeople(useDeferredValue(personSearch));
  useRetrievalNotice(peopleQuery.isError, 'users');

  // The typed words go to the list once the user pauses.
  useEffect(() => {
    if (searchText === value.search) return;
    const timer = setTimeout(() => onChange({ ...value, search: searchText }), 300);
    return () => clearTimeout(timer);
  }, [searchText, value, onChange]);

  const people = peopleQuery.data ?? [];
  const personOptions = [
    ...(person && !people.some((p) => p.id === person.id) ? [person] : []),
    ...people,
  ].map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }));

  const range: RangeValue =
    value.from || value.to
      ? [value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null]
      : null;

  return (
    <>
      <ListSearch
        value={searchText}
        onChange={setSearchText}
        label={t('auditLog.filters.search')}
        testId="audit-search"
      />
      <Select<string>
        allowClear
        showSearch={{ filterOption: false, onSearch: setPersonSearch }}
        value={value.actorId ?? undefined}
        placeholder={t('auditLog.filters.anyone')}
        aria-label={t('auditLog.filters.person')}
        loading={peopleQuery.isFetching}
        options={personOptions}
        onChange={(id?: string) => {
          setPerson(people.find((p) => p.id === id) ?? null);
          setPersonSearch('');
          onChange({ ...value, actorId: id ?? null });
        }}
        popupMatchSelectWidth={false}
        className="audit-filters__person"
        id="audit-filter-person"
        data-testid="audit-filter-person"
      />
      <Select<AuditArea>
        allowClear
        value={value.area ?? undefined}
        placeholder={t('auditLog.filters.allAreas')}
        aria-label={t('auditLog.filters.area')}
        options={AREAS.map((area) => ({ value: area, label: t(AREA_KEYS[area]) }))}
        onChange={(area?: AuditArea) => onChange({ ...value, area: area ?? null })}
        popupMatchSelectWidth={false}
        className="audit-filters__select"
        id="audit-filter-area"
        data-testid="audit-filter-area"
      />
      <Select<AuditAction>
        allowClear
        value={value.action ?? undefined}
        placeholder={t('auditLog.filters.allActions')}
        aria-label={t('auditLog.filters.action')}
        options={ACTIONS.map((action) => ({ value: action, label: t(ACTION_KEYS[action]) }))}
        onChange={(action?: AuditAction) => onChange({ ...value, action: action ?? null })}
        popupMatchSelectWidth={false}
        className="audit-filters__select"
        id="audit-filter-action"
        data-testid="audit-filter-action"
      />
      <DatePicker.RangePicker
        format={DISPLAY_DATE}
        allowEmpty={[true, true]}
        value={range}
        placeholder={[t('auditLog.filters.from'), t('auditLog.filters.to')]}
        aria-label={t('auditLog.filters.period')}
        onChange={(next: RangeValue) =>
          onChange({
            ...value,
            from: next?.[0]?.format('YYYY-MM-DD') ?? null,
            to: next?.[1]?.format('YYYY-MM-DD') ?? null,
          })
        }
        data-testid="audit-filter-period"
      />
      {hasFilters(value) && (
        <Button
          type="link"
          onClick={() => {
            setSearchText('');
            setPerson(null);
            onChange(NO_FILTERS);
          }}
          data-testid="audit-filters-clear"
        >
          {t('auditLog.filters.clear')}
        </Button>
      )}
    </>
  );
}
