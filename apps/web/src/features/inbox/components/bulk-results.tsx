import { Button, Modal } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SafeText } from '../../../components/safe-text';
import type { IssueOutcome } from '../api/bulk';
import { outcomeText, resultCounts } from '../utils/bulk-results';

type BulkResultsProps = {
  results: readonly IssueOutcome[];
  /** The customers' names of the issues, as the list showed them. */
  names: ReadonlyMap<number, string>;
  onClose: () => void;
};

/** What a bulk action or macro run did to each issue: ✓, or ✗ with the translated reason. */
export function BulkResults({ results, names, onClose }: BulkResultsProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('inbox.bulk.results.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="bulk-results-close">
          {t('inbox.bulk.results.close')}
        </Button>
      }
      destroyOnHidden
      rootClassName="bulk-results"
    >
      <p className="bulk-results__summary" data-testid="bulk-results-summary">
        {t('inbox.bulk.results.summary', resultCounts(results))}
      </p>
      <ul className="bulk-results__list">
        {results.map((result) => (
          <li
            key={result.issueId}
            className={`bulk-results__item${result.ok ? '' : ' bulk-results__item--failed'}`}
            data-testid="bulk-result"
            data-issue-id={result.issueId}
            data-ok={result.ok}
          >
            {result.ok ? (
              <CheckCircleFilled className="bulk-results__icon" aria-label={t('inbox.bulk.results.ok')} />
            ) : (
              <CloseCircleFilled className="bulk-results__icon" aria-label={t('inbox.bulk.results.notOk')} />
            )}
            <span className="bulk-results__issue">
              <strong>{t('inbox.bulk.results.issue', { id: result.issueId })}</strong>
              <SafeText className="bulk-results__name" text={names.get(result.issueId)} />
            </span>
            <span className="bulk-results__text">{outcomeText(t, result)}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
