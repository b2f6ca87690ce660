import { useTranslation } from 'react-i18next';
import type { ReportFigures } from '@sabai/contracts';
import type { MetricKey } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import { formatChange, formatFigure, isLowerBetter } from '../utils/format-figure';

/** The figures shown, in order; the three times switch to their business-hours variant with the switch. */
export const FIGURES: ReadonlyArray<{ key: MetricKey; business?: MetricKey; label: TranslationKey }> = [
  { key: 'issues', label: 'reports.metric.issues' },
  {
    key: 'firstResponseSeconds',
    business: 'firstResponseBusinessSeconds',
    label: 'reports.metric.firstResponseSeconds',
  },
  { key: 'responseSeconds', business: 'responseBusinessSeconds', label: 'reports.metric.responseSeconds' },
  { key: 'resolvedSeconds', business: 'resolvedBusinessSeconds', label: 'reports.metric.resolvedSeconds' },
  { key: 'resolvedPerDay', label: 'reports.metric.resolvedPerDay' },
  { key: 'closeSuccessRate', label: 'reports.metric.closeSuccessRate' },
  { key: 'successRate', label: 'reports.metric.successRate' },
  { key: 'conversionRate', label: 'reports.metric.conversionRate' },
  // Satisfaction surveys.
  { key: 'csatResponses', label: 'reports.metric.csatResponses' },
  { key: 'csatResponseRate', label: 'reports.metric.csatResponseRate' },
  { key: 'csatPercent', label: 'reports.metric.csatPercent' },
  { key: 'csatAverage', label: 'reports.metric.csatAverage' },
  // Service level targets met and breached.
  { key: 'slaMetPercent', label: 'reports.metric.slaMetPercent' },
  { key: 'slaMet', label: 'reports.metric.slaMet' },
  { key: 'slaBreached', label: 'reports.metric.slaBreached' },
  { key: 'slaFirstResponseMetPercent', label: 'reports.metric.slaFirstResponseMetPercent' },
  { key: 'slaNextResponseMetPercent', label: 'reports.metric.slaNextResponseMetPercent' },
  { key: 'slaResolutionMetPercent', label: 'reports.metric.slaResolutionMetPercent' },
];

export const figureKey = (f: (typeof FIGURES)[number], businessHours: boolean): MetricKey =>
  businessHours && f.business ? f.business : f.key;

/** Whether a change is good news (green) or bad (red): lower is better for times and breaches. */
export function changeTone(key: MetricKey, change: number | null): 'up' | 'down' | 'flat' {
  if (change === null || change === 0) return 'flat';
  const better = isLowerBetter(key) ? change < 0 : change > 0;
  return better ? 'up' : 'down';
}

type Props = { figures: ReportFigures; businessHours: boolean };

/** Overall performance: each figure, its value in the compare period and the change in percent. */
export function FigureTiles({ figures, businessHours }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <ul className="figure-tiles" data-testid="figure-tiles">
      {FIGURES.map((f) => {
        const key = figureKey(f, businessHours);
        const change = figures.change?.[key] ?? null;
        return (
          <li key={f.key} className="figure-tile" data-testid={`figure-${f.key}`}>
            <span className="figure-tile__label">{t(f.label)}</span>
            <span className="figure-tile__value">{formatFigure(key, figures.current[key], t, language)}</span>
            {figures.previous && (
              <span className="figure-tile__compare">
                <span>
                  {t('reports.previousValue', {
                    value: formatFigure(key, figures.previous[key], t, language),
                  })}
                </span>
                <span
                  className={`figure-change figure-change--${changeTone(key, change)}`}
                  data-testid={`change-${f.key}`}
                >
                  {change === 0 ? t('reports.noChange') : formatChange(change, language)}
                </span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
