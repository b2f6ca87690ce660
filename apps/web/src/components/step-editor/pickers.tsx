// The selects of the step editor that read the same list on both screens (tags, statuses); the rules'
// conditions choose from them too. Each reads its own options (one request per list for the whole editor,
// cached) and passes what Form.Item gives it (id, value, onChange) to antd's Select.
import { useMemo } from 'react';
import { Select } from 'antd';
import type { SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ISSUE_STATUSES, type IssueStatus } from '@sabai/domain';
import { useRetrievalNotice } from '../../lib/notices';
import { useTagOptions } from '../../lib/tag-options';

/** A picker's props: a Select's, its options and loading its own. */
export type PickerProps = Omit<SelectProps<string | string[]>, 'options' | 'loading'>;

/** Options are searched by what they show. */
export const searchable = { optionFilterProp: 'label' } as const;

/** Tags, each with its colour. */
export function TagPicker(props: PickerProps) {
  const tags = useTagOptions();
  useRetrievalNotice(tags.isError, 'tags');
  const options = useMemo(
    () => (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name, colour: tag.colour })),
    [tags.data],
  );
  return (
    <Select
      {...props}
      options={options}
      loading={tags.isLoading}
      showSearch={searchable}
      optionRender={(option) => (
        <span className="step-option">
          <span className="step-option__swatch" style={{ background: option.data.colour }} aria-hidden />
          {option.label}
        </span>
      )}
    />
  );
}

/** Issue statuses by their labels (`only` narrows them: neither a rule nor a macro sets every status). */
export function StatusPicker({
  only = ISSUE_STATUSES,
  ...props
}: PickerProps & { only?: readonly IssueStatus[] }) {
  const { t } = useTranslation();
  const options = only.map((value) => ({ value, label: t(`issue.status.${value}`) }));
  return <Select {...props} options={options} showSearch={searchable} />;
}
