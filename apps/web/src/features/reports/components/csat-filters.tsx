import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CSAT_RATINGS } from '@sabai/contracts';
import { ratingOutOfFive } from '../../../components/rating-stars';
import type { CsatReport } from '../api/csat';
import type { CsatFilters, CsatRatingValue } from '../utils/csat-controls';
import { ControlSelect } from './report-controls';

type Props = {
  value: CsatFilters;
  onChange: (next: CsatFilters) => void;
  /** The agents the caller may filter by (the report's `options`). */
  agents: CsatReport['options']['agents'] | undefined;
};

/** Highest first: the order a reader looks for. */
const RATINGS_DOWN = [...CSAT_RATINGS].reverse();

/** The satisfaction report's own filters: agent, rating and "with a comment only". */
export function CsatFilterControls({ value, onChange, agents }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<CsatFilters>) => onChange({ ...value, ...patch });
  return (
    <>
      <label className="report-controls__field">
        <span>{t('reports.csat.filter.agent')}</span>
        <ControlSelect
          testId="agent-filter"
          value={value.agent ?? ''}
          onChange={(id) => set({ agent: id || null })}
          options={[
            { value: '', label: t('reports.csat.filter.allAgents') },
            ...(agents ?? []).map((agent) => ({ value: agent.id, label: agent.name })),
          ]}
        />
      </label>
      <label className="report-controls__field">
        <span>{t('reports.csat.filter.rating')}</span>
        <ControlSelect
          testId="rating-filter"
          value={value.rating ? String(value.rating) : ''}
          onChange={(rating) => set({ rating: rating ? (Number(rating) as CsatRatingValue) : null })}
          options={[
            { value: '', label: t('reports.csat.filter.allRatings') },
            ...RATINGS_DOWN.map((rating) => ({
              value: String(rating),
              label: `${'★'.repeat(rating)} ${ratingOutOfFive(rating)}`,
            })),
          ]}
        />
      </label>
      <label className="report-controls__switch">
        <Switch
          size="small"
          checked={value.withComment}
          onChange={(withComment) => set({ withComment })}
          data-testid="with-comment-switch"
        />
        <span>{t('reports.csat.filter.withComment')}</span>
      </label>
    </>
  );
}
