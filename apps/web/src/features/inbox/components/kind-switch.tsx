import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssueKind } from '@sabai/contracts';

type KindSwitchProps = { value: IssueKind | ''; onChange: (kind: IssueKind | '') => void; block?: boolean };

const ALL = 'all';

/** All issues, conversations only, or comments on posts only (the inbox's `kind` filter). */
export function KindSwitch({ value, onChange, block = false }: KindSwitchProps) {
  const { t } = useTranslation();
  const options = [
    { value: ALL, label: t('inbox.filters.kindAll') },
    { value: 'conversation', label: t('inbox.filters.kindConversation') },
    { value: 'comment', label: t('inbox.filters.kindComment') },
  ].map((option) => ({
    value: option.value,
    label: <span data-testid={`kind-${option.value}`}>{option.label}</span>,
  }));
  return (
    <Segmented<string>
      size="small"
      block={block}
      value={value || ALL}
      options={options}
      onChange={(next) => onChange(next === ALL ? '' : (next as IssueKind))}
      aria-label={t('inbox.filters.kind')}
      data-testid="kind-filter"
    />
  );
}
