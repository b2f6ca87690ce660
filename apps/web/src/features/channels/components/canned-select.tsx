import { useDeferredValue, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSharedCannedResponses } from '../api/shared-canned-responses';
import type { CannedChoice } from '../utils/comment-rules';

type CannedSelectProps = {
  /** From Form.Item: the label points at the select. */
  id?: string;
  value?: CannedChoice;
  onChange?: (choice: CannedChoice | undefined) => void;
  disabled?: boolean;
};

type Option = { value: string; label: string; category: string; message: string };

/**
 * The canned response a rule sends: the organisation's shared responses, searched by the server as the admin
 * types. The chosen one keeps its name while the options of another search show.
 */
export function CannedSelect({ id, value, onChange, disabled }: CannedSelectProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  // Every rule's select asks the same first question: one request answers them all.
  const responses = useSharedCannedResponses(deferredSearch);
  const options = useMemo<Option[]>(
    () =>
      (responses.data ?? []).map((response) => ({
        value: response.id,
        label: response.name,
        category: response.category.name,
        message: response.message,
      })),
    [responses.data],
  );

  return (
    <Select<CannedChoice, Option>
      id={id}
      labelInValue
      value={value}
      onChange={(choice) =>
        onChange?.(choice ? { value: choice.value, label: String(choice.label) } : undefined)
      }
      options={options}
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (!open) setSearch('');
      }}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      placeholder={t('channels.commentRules.cannedPlaceholder')}
      loading={responses.isFetching}
      disabled={disabled}
      optionRender={({ data }) => (
        <div className="canned-option">
          <div className="canned-option__head">
            <span className="canned-option__name">{data.label}</span>
            <span className="canned-option__category">{data.category}</span>
          </div>
          <div className="canned-option__message">{data.message}</div>
        </div>
      )}
      notFoundContent={
        responses.isLoading ? (
          <Spin size="small" />
        ) : (
          <div className="canned-select__empty">
            {search.trim() ? t('channels.commentRules.cannedNoMatch') : t('channels.commentRules.cannedNone')}
          </div>
        )
      }
      popupMatchSelectWidth
      data-testid="rule-canned"
    />
  );
}
