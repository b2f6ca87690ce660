// The canned response a send step sends, searched by the server as the user types. The screen says which
// responses its steps may send (`isUsable`): a rule only shared ones, a macro the ones its runners may send.
import { useDeferredValue, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import type { SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CannedResponse } from '@sabai/contracts';
import { useCannedByIds, useCannedSearch } from '../../lib/canned-options';
import { useRetrievalNotice } from '../../lib/notices';
import type { PickerProps } from './pickers';

type CannedOption = { value: string; label: string; category: string; message: string };

const toOption = (response: CannedResponse): CannedOption => ({
  value: response.id,
  label: response.name,
  category: response.category.name,
  message: response.message,
});

export type CannedPickerProps = Omit<PickerProps, 'value'> & {
  value?: string;
  /** Whether a step may send the response: only those are offered (a stable function, or a memoised one). */
  isUsable: (response: CannedResponse) => boolean;
};

/**
 * The responses the search finds that a step may send. The chosen one keeps its name (read by its id) while
 * another search's options show.
 */
export function CannedPicker({ value, isUsable, ...props }: CannedPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const responses = useCannedSearch(deferredSearch);
  useRetrievalNotice(responses.isError, 'canned_responses');
  const chosen = useCannedByIds(value ? [value] : []).get(value ?? '');
  const options = useMemo(() => {
    const found = (responses.data ?? []).filter(isUsable).map(toOption);
    // The chosen response stays named when the search no longer lists it.
    if (chosen && !found.some((option) => option.value === chosen.id)) found.unshift(toOption(chosen));
    return found;
  }, [responses.data, isUsable, chosen]);

  return (
    <Select<string, CannedOption>
      {...(props as SelectProps<string, CannedOption>)}
      value={value}
      options={options}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      placeholder={t('steps.cannedPlaceholder')}
      // Until the chosen response's name is read, not its id.
      labelRender={({ label }) => label ?? t('steps.pending')}
      loading={responses.isFetching}
      optionRender={({ data }) => (
        <div className="step-canned-option">
          <div className="step-canned-option__head">
            <span className="step-canned-option__name">{data.label}</span>
            <span className="step-canned-option__category">{data.category}</span>
          </div>
          <div className="step-canned-option__message">{data.message}</div>
        </div>
      )}
      notFoundContent={
        responses.isLoading ? (
          <Spin size="small" />
        ) : (
          <div className="step-canned-option__empty">
            {search.trim() ? t('steps.cannedNoMatch') : t('steps.cannedNone')}
          </div>
        )
      }
    />
  );
}
