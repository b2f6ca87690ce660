import { StarFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CSAT_RATINGS, CSAT_SATISFIED_FROM } from '@sabai/contracts';
import type { MetricKey } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import type { CsatReport } from '../api/csat';
import { formatFigure } from '../utils/format-figure';

type Summary = CsatReport['summary'];

const TILES: ReadonlyArray<{ key: MetricKey; label: TranslationKey; value: (s: Summary) => number | null }> =
  [
    { key: 'csatResponses', label: 'reports.metric.csatResponses', value: (s) => s.responses },
    { key: 'csatResponseRate', label: 'reports.metric.csatResponseRate', value: (s) => s.responseRate },
    { key: 'csatPercent', label: 'reports.metric.csatPercent', value: (s) => s.csatPercent },
    { key: 'csatAverage', label: 'reports.metric.csatAverage', value: (s) => s.average },
  ];

/** Highest first, as the distribution reads. */
const RATINGS_DOWN = [...CSAT_RATINGS].reverse();

/** The bar's colour: satisfied (4–5), neutral (3), unsatisfied (1–2). */
const toneOf = (rating: number) =>
  rating >= CSAT_SATISFIED_FROM ? 'good' : rating === CSAT_SATISFIED_FROM - 1 ? 'neutral' : 'poor';

/** The period's ratings in figures (as the reports show theirs) and how many of each star. */
export function CsatSummaryTiles({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const percentOf = (count: number) =>
    formatFigure('csatPercent', summary.responses ? (count / summary.responses) * 100 : 0, t, language);
  return (
    <div className="csat-summary">
      <ul className="figure-tiles csat-summary__tiles" data-testid="csat-tiles">
        {TILES.map((tile) => (
          <li key={tile.key} className="figure-tile" data-testid={`csat-${tile.key}`}>
            <span className="figure-tile__label">{t(tile.label)}</span>
            <span className="figure-tile__value">
              {formatFigure(tile.key, tile.value(summary), t, language)}
            </span>
            {tile.key === 'csatResponses' && (
              <span className="figure-tile__compare">{t('reports.csat.sent', { count: summary.sent })}</span>
            )}
          </li>
        ))}
      </ul>
      <section
        className="csat-distribution"
        aria-labelledby="csat-distribution-title"
        data-testid="csat-distribution"
      >
        <h3 id="csat-distribution-title" className="csat-distribution__title">
          {t('reports.csat.distribution')}
        </h3>
        <ol className="csat-distribution__rows">
          {RATINGS_DOWN.map((rating) => {
            const count = summary.distribution[rating - 1] ?? 0;
            const share = summary.responses ? (count / summary.responses) * 100 : 0;
            return (
              <li key={rating} className="csat-distribution__row" data-testid={`csat-distribution-${rating}`}>
                <span className="visually-hidden">
                  {t('reports.csat.distributionRow', { rating, count, percent: percentOf(count) })}
                </span>
                <span className="csat-distribution__label" aria-hidden>
                  {rating} <StarFilled className="csat-distribution__star" />
                </span>
                <span className="csat-distribution__track" aria-hidden>
                  <span
                    className={`csat-distribution__bar csat-distribution__bar--${toneOf(rating)}`}
                    style={{ width: `${share}%` }}
                  />
                </span>
                <span className="csat-distribution__count" aria-hidden>
                  {count} ({percentOf(count)})
                </span>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
