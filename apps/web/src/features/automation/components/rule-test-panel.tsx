import { useId, useState } from 'react';
import { Alert, Button, InputNumber, Space } from 'antd';
import type { FormInstance } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SaveAutomationRule } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { errorKey } from '../../../lib/i18n';
import { useTestAutomationRule, type RuleTestResult } from '../api/automation-rules';
import { useRuleNames } from '../api/rule-names';
import { toRequest, type RuleFormValues } from '../utils/rule-form';
import { describeActual, describeCondition, fill } from '../utils/rule-summary';
import { RulePhrase } from './rule-phrase';

/** A test's answer with the rule as it was sent (its conditions, by index, are what the checks are about). */
type Outcome = { issueId: number; rule: SaveAutomationRule; result: RuleTestResult };

/**
 * "Test against a past issue": the rule as edited (unsaved changes included) checked against an issue as it is
 * now; says whether it would fire and, condition by condition, why (not).
 */
export function RuleTestPanel({ form }: { form: FormInstance<RuleFormValues> }) {
  const { t } = useTranslation();
  const inputId = useId();
  const testMutation = useTestAutomationRule();
  const [issueId, setIssueId] = useState<number | null>(null);
  const [problem, setProblem] = useState<TranslationKey | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function handleTest() {
    setOutcome(null);
    if (!issueId) {
      setProblem('automation.test.issueRequired');
      return;
    }
    setProblem(null);
    try {
      // The rule must be complete to be tested: the editor shows what is missing, the first of it in view.
      await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: Array<{ name: (string | number)[] }> }).errorFields?.[0];
      if (first)
        form.scrollToField(first.name as Parameters<typeof form.scrollToField>[0], { block: 'center' });
      return;
    }
    const rule = toRequest(form.getFieldsValue(true) as RuleFormValues);
    try {
      const result = await testMutation.mutateAsync({ rule, issueId });
      setOutcome({ issueId, rule, result });
    } catch (error) {
      setProblem(errorKey(error, 'common.error.retrieve'));
    }
  }

  return (
    <section className="rule-test" aria-labelledby={`${inputId}-title`} data-testid="rule-test">
      <h3 id={`${inputId}-title`} className="rule-test__title">
        <ExperimentOutlined aria-hidden /> {t('automation.test.title')}
      </h3>
      <p className="rule-test__hint">{t('automation.test.hint')}</p>
      <label htmlFor={inputId} className="rule-test__label">
        {t('automation.test.issue')}
      </label>
      <Space.Compact className="rule-test__controls">
        <InputNumber<number>
          id={inputId}
          min={1}
          precision={0}
          prefix="#"
          value={issueId}
          onChange={(value) => {
            setIssueId(value);
            setProblem(null);
          }}
          onPressEnter={(event) => {
            // Enter tests the issue; it never saves the rule.
            event.preventDefault();
            void handleTest();
          }}
          status={problem ? 'error' : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          data-testid="rule-test-issue"
        />
        <Button
          onClick={() => void handleTest()}
          loading={testMutation.isPending}
          data-testid="rule-test-run"
        >
          {t('automation.test.run')}
        </Button>
      </Space.Compact>
      {problem && (
        <div
          id={`${inputId}-problem`}
          className="rule-test__problem"
          role="alert"
          data-testid="rule-test-problem"
        >
          {t(problem)}
        </div>
      )}
      {outcome && <TestOutcome outcome={outcome} />}
    </section>
  );
}

/** Would fire, or would not because of the conditions marked with a cross; what the issue has for each. */
function TestOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const { issueId, rule, result } = outcome;
  const nameOf = useRuleNames([rule]);
  const title = result.wouldFire
    ? t('automation.test.wouldFire', { id: issueId })
    : t('automation.test.wouldNotFire', { id: issueId });
  return (
    <Alert
      type={result.wouldFire ? 'success' : 'warning'}
      showIcon
      role="status"
      className="rule-test__outcome"
      data-testid="rule-test-outcome"
      data-fires={String(result.wouldFire)}
      title={title}
      description={
        result.checks.length === 0 ? (
          t('automation.test.noConditions')
        ) : (
          <ul className="rule-test__checks">
            {result.checks.map((check) => {
              const condition = rule.conditions[check.index];
              return (
                <li
                  key={check.index}
                  className={`rule-test__check rule-test__check--${check.holds ? 'holds' : 'fails'}`}
                  data-testid="rule-test-check"
                  data-holds={String(check.holds)}
                >
                  {check.holds ? (
                    <CheckCircleFilled className="rule-test__mark" aria-label={t('automation.test.holds')} />
                  ) : (
                    <CloseCircleFilled className="rule-test__mark" aria-label={t('automation.test.fails')} />
                  )}
                  <span>
                    {condition && <RulePhrase phrase={describeCondition(t, condition, nameOf)} />}
                    <span className="rule-test__actual">
                      <RulePhrase
                        phrase={fill(t, 'automation.test.issueHas', {
                          actual: describeActual(t, check, nameOf),
                        })}
                      />
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )
      }
    />
  );
}
