import { useState } from 'react';
import {
  Alert,
  Empty,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Progress,
  Select,
  Space,
  Switch,
  Table,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { AI_FEATURES, AI_OUTCOMES, AI_REDACTIONS, AI_TIMEOUT_SECONDS } from '@sabai/contracts';
import { isAllowed } from '@sabai/domain';
import { ListCard } from '../../../components/list-card';
import { PageSpinner } from '../../../components/page-spinner';
import { RetryNotice } from '../../../components/retry-notice';
import { SettingsPage } from '../../../components/settings-page';
import { formatDateTime } from '../../../lib/format';
import { ensureSettingsTexts, errorCodeTextKey, errorKey } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/me';
import { useNotice, useRetrievalNotice } from '../../../lib/notices';
import {
  useAiRequests,
  useAiSettings,
  useAiUsage,
  useSaveAiSettings,
  useTestAiConnection,
  type AiConnectionResult,
  type AiFeature,
  type AiOutcome,
  type AiSettings,
  type SaveAiSettings,
} from '../api/ai-assist';
import '../ai-assist.css';

type KeyMode = 'keep' | 'replace' | 'clear';

type FormValues = {
  enabled: boolean;
  baseUrl: string;
  model: string;
  apiKey?: string;
  features: AiFeature[];
  redact: string[];
  monthlyRequestBudget: number | null;
  timeoutSeconds: number;
};

const toFormValues = (s: AiSettings): FormValues => ({
  enabled: s.enabled,
  baseUrl: s.baseUrl,
  model: s.model,
  apiKey: '',
  features: AI_FEATURES.filter((f) => s.features[f]),
  redact: AI_REDACTIONS.filter((r) => s.redact[r]),
  monthlyRequestBudget: s.monthlyRequestBudget,
  timeoutSeconds: s.timeoutSeconds,
});

/** The key as the server takes it: omitted keeps the saved one, '' removes it. */
function keyOf(mode: KeyMode, typed: string | undefined, hasApiKey: boolean): { apiKey?: string } {
  if (mode === 'clear') return { apiKey: '' };
  if (mode === 'replace' || !hasApiKey)
    return typed?.trim() ? { apiKey: typed.trim() } : hasApiKey ? {} : { apiKey: '' };
  return {};
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * /setting/ai (desktop only; the channel scope all, Admin and SuperAdmin by default): the organisation's AI
 * assist endpoint, its features, data rules and limits, a connection test that works before
 * saving, this month's meter and the request log (never any message text).
 */
export function AiAssistPage() {
  const { t } = useTranslation();
  const canUpdate = isAllowed(usePermissions(), 'channel', 'update', ['all']);
  const settingsQuery = useAiSettings();
  useRetrievalNotice(settingsQuery.isError, 'ai_settings');
  return (
    <SettingsPage testId="ai-assist-page" title={t('aiAssist.title')} subtitle={t('aiAssist.subtitle')}>
      {settingsQuery.isLoading ? (
        <PageSpinner />
      ) : settingsQuery.isError || !settingsQuery.data ? (
        <Card className="page__card">
          <RetryNotice onRetry={() => void settingsQuery.refetch()} />
        </Card>
      ) : (
        // Saved settings come back as a new version: the form starts again from them (the key kept, not typed).
        <SettingsForm
          key={settingsQuery.data.updatedAt ?? 'unsaved'}
          settings={settingsQuery.data}
          canUpdate={canUpdate}
        />
      )}
      <UsageCard />
      <RequestLog />
    </SettingsPage>
  );
}

function SettingsForm({ settings, canUpdate }: { settings: AiSettings; canUpdate: boolean }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [form] = Form.useForm<FormValues>();
  const saveMutation = useSaveAiSettings();
  const testMutation = useTestAiConnection();
  const [keyMode, setKeyMode] = useState<KeyMode>('keep');
  const [testResult, setTestResult] = useState<AiConnectionResult | null>(null);
  const [testError, setTestError] = useState<unknown>(null);

  const showKeyInput = !settings.hasApiKey || keyMode === 'replace';

  async function handleTest() {
    setTestResult(null);
    setTestError(null);
    let values: FormValues;
    try {
      values = await form.validateFields(['baseUrl', 'model', 'timeoutSeconds', 'apiKey']);
    } catch {
      return;
    }
    try {
      const result = await testMutation.mutateAsync({
        baseUrl: values.baseUrl,
        model: values.model,
        timeoutSeconds: values.timeoutSeconds,
        ...keyOf(keyMode, values.apiKey, settings.hasApiKey),
      });
      setTestResult(result);
    } catch (error) {
      setTestError(error);
    }
  }

  async function handleFinish(values: FormValues) {
    const body: SaveAiSettings = {
      enabled: values.enabled,
      baseUrl: values.baseUrl.trim(),
      model: values.model.trim(),
      ...keyOf(keyMode, values.apiKey, settings.hasApiKey),
      features: Object.fromEntries(
        AI_FEATURES.map((f) => [f, values.features.includes(f)]),
      ) as SaveAiSettings['features'],
      redact: Object.fromEntries(
        AI_REDACTIONS.map((r) => [r, values.redact.includes(r)]),
      ) as SaveAiSettings['redact'],
      monthlyRequestBudget: values.monthlyRequestBudget ?? null,
      timeoutSeconds: values.timeoutSeconds,
    };
    try {
      await saveMutation.mutateAsync(body);
      notice.success('aiAssist.saved');
    } catch (error) {
      notice.error(error, 'common.error.update');
    }
  }

  const testReason = (result: AiConnectionResult) =>
    result.ok ? '' : t(errorCodeTextKey(result.code) ?? 'errors.unknown');

  return (
    <Card className="page__card ai-assist__card">
      <Form
        form={form}
        layout="vertical"
        disabled={!canUpdate}
        initialValues={toFormValues(settings)}
        onFinish={(values) => void handleFinish(values)}
        data-testid="ai-settings-form"
      >
        <h2 className="ai-assist__heading">{t('aiAssist.endpoint')}</h2>
        <Form.Item name="enabled" label={t('aiAssist.enabled')} valuePropName="checked">
          <Switch data-testid="ai-enabled" />
        </Form.Item>
        <div className="ai-assist__row">
          <Form.Item
            name="baseUrl"
            label={t('aiAssist.baseUrl')}
            extra={t('aiAssist.baseUrlHelp')}
            className="ai-assist__grow"
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string) =>
                  (!value && !getFieldValue('enabled')) || isHttpUrl(value ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('aiAssist.baseUrlInvalid'))),
              }),
            ]}
          >
            <Input maxLength={500} data-testid="ai-base-url" />
          </Form.Item>
          <Form.Item
            name="model"
            label={t('aiAssist.model')}
            className="ai-assist__model"
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string) =>
                  value?.trim() || !getFieldValue('enabled')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('aiAssist.modelRequired'))),
              }),
            ]}
          >
            <Input maxLength={200} data-testid="ai-model" />
          </Form.Item>
        </div>
        <Form.Item label={t('aiAssist.apiKey')} required={false}>
          {settings.hasApiKey && (
            <Space wrap className="ai-assist__key">
              <span data-testid="ai-key-state">
                {keyMode === 'clear' ? t('aiAssist.apiKeyWillClear') : t('aiAssist.apiKeySaved')}
              </span>
              {keyMode === 'keep' ? (
                <>
                  <Button onClick={() => setKeyMode('replace')} data-testid="ai-key-replace">
                    {t('aiAssist.apiKeyReplace')}
                  </Button>
                  <Button danger onClick={() => setKeyMode('clear')} data-testid="ai-key-clear">
                    {t('aiAssist.apiKeyClear')}
                  </Button>
                </>
              ) : (
                <Button onClick={() => setKeyMode('keep')} data-testid="ai-key-keep">
                  {t('aiAssist.apiKeyKeep')}
                </Button>
              )}
            </Space>
          )}
          {!settings.hasApiKey && <div className="ai-assist__hint">{t('aiAssist.apiKeyNone')}</div>}
          {showKeyInput && (
            <Form.Item name="apiKey" noStyle>
              <Input.Password
                autoComplete="off"
                maxLength={1000}
                placeholder={t('aiAssist.apiKeyPlaceholder')}
                aria-label={t('aiAssist.apiKey')}
                data-testid="ai-api-key"
              />
            </Form.Item>
          )}
        </Form.Item>

        <h2 className="ai-assist__heading">{t('aiAssist.features')}</h2>
        <Form.Item name="features">
          <Checkbox.Group
            className="ai-assist__checks"
            options={AI_FEATURES.map((f) => ({ value: f, label: t(`aiAssist.feature.${f}`) }))}
          />
        </Form.Item>

        <h2 className="ai-assist__heading">{t('aiAssist.dataRules')}</h2>
        <p className="ai-assist__hint">{t('aiAssist.dataRulesHelp')}</p>
        <Form.Item name="redact">
          <Checkbox.Group
            className="ai-assist__checks"
            options={AI_REDACTIONS.map((r) => ({ value: r, label: t(`aiAssist.redact.${r}`) }))}
          />
        </Form.Item>

        <h2 className="ai-assist__heading">{t('aiAssist.limits')}</h2>
        <div className="ai-assist__row">
          <Form.Item
            name="monthlyRequestBudget"
            label={t('aiAssist.budget')}
            extra={t('aiAssist.budgetHelp')}
          >
            <InputNumber min={1} max={10_000_000} precision={0} data-testid="ai-budget" />
          </Form.Item>
          <Form.Item name="timeoutSeconds" label={t('aiAssist.timeout')} rules={[{ required: true }]}>
            <InputNumber
              min={AI_TIMEOUT_SECONDS.min}
              max={AI_TIMEOUT_SECONDS.max}
              precision={0}
              data-testid="ai-timeout"
            />
          </Form.Item>
        </div>

        {testResult && (
          <Alert
            className="ai-assist__result"
            showIcon
            type={testResult.ok ? 'success' : 'error'}
            data-testid="ai-test-result"
            title={
              testResult.ok
                ? t('aiAssist.testOk', { model: testResult.model, ms: testResult.latencyMs })
                : t('aiAssist.testFailed', { reason: testReason(testResult) })
            }
          />
        )}
        {testError !== null && (
          <Alert
            className="ai-assist__result"
            showIcon
            type="error"
            data-testid="ai-test-result"
            title={t(errorKey(testError))}
          />
        )}
        <Space>
          <Button onClick={() => void handleTest()} loading={testMutation.isPending} data-testid="ai-test">
            {t('aiAssist.test')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saveMutation.isPending} data-testid="ai-save">
            {t('aiAssist.save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

function UsageCard() {
  const { t } = useTranslation();
  const usageQuery = useAiUsage();
  useRetrievalNotice(usageQuery.isError, 'ai_usage');
  const usage = usageQuery.data;
  return (
    <Card className="page__card ai-assist__card" data-testid="ai-usage">
      <h2 className="ai-assist__heading">{t('aiAssist.usage')}</h2>
      {usageQuery.isLoading ? (
        <PageSpinner />
      ) : usageQuery.isError || !usage ? (
        <RetryNotice onRetry={() => void usageQuery.refetch()} />
      ) : (
        <>
          <div data-testid="ai-usage-text">
            {usage.budget === null
              ? t('aiAssist.usageUnlimited', { used: usage.requests })
              : t('aiAssist.usageOf', { used: usage.requests, budget: usage.budget })}
          </div>
          {usage.budget !== null && (
            <Progress
              percent={Math.min(100, Math.round((usage.requests / usage.budget) * 100))}
              status={usage.requests >= usage.budget ? 'exception' : 'normal'}
              aria-label={t('aiAssist.usage')}
            />
          )}
          <p className="ai-assist__hint">
            {t('aiAssist.usageTokens', {
              prompt: usage.promptTokens,
              completion: usage.completionTokens,
              date: formatDateTime(usage.resetsAt),
            })}
          </p>
        </>
      )}
    </Card>
  );
}

function RequestLog() {
  const { t } = useTranslation();
  const [feature, setFeature] = useState<AiFeature | undefined>();
  const [outcome, setOutcome] = useState<AiOutcome | undefined>();
  const requestsQuery = useAiRequests({ feature, outcome });
  useRetrievalNotice(requestsQuery.isError, 'ai_requests');
  const rows = requestsQuery.data?.pages.flatMap((p) => p.items) ?? [];
  const outcomeText = (o: AiOutcome) =>
    o === 'ok' ? t('aiAssist.outcomeOk') : t(errorCodeTextKey(o) ?? 'errors.unknown');
  return (
    <ListCard
      className="ai-assist__card"
      isError={requestsQuery.isError}
      onRetry={() => void requestsQuery.refetch()}
      toolbar={
        <Space wrap>
          <h2 className="ai-assist__heading">{t('aiAssist.log')}</h2>
          <Select
            allowClear
            placeholder={t('aiAssist.allFeatures')}
            aria-label={t('aiAssist.columns.feature')}
            value={feature}
            onChange={setFeature}
            options={AI_FEATURES.map((f) => ({ value: f, label: t(`aiAssist.feature.${f}`) }))}
            className="ai-assist__filter"
          />
          <Select
            allowClear
            placeholder={t('aiAssist.allOutcomes')}
            aria-label={t('aiAssist.columns.outcome')}
            value={outcome}
            onChange={setOutcome}
            options={AI_OUTCOMES.map((o) => ({ value: o, label: outcomeText(o) }))}
            popupMatchSelectWidth={false}
            className="ai-assist__filter"
          />
        </Space>
      }
    >
      <p className="ai-assist__hint">{t('aiAssist.logHelp')}</p>
      <Table
        rowKey="id"
        size="small"
        data-testid="ai-request-log"
        loading={requestsQuery.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{
          emptyText: requestsQuery.isLoading ? null : <Empty description={t('aiAssist.logEmpty')} />,
        }}
        columns={[
          { key: 'at', title: t('aiAssist.columns.at'), render: (_, r) => formatDateTime(r.at) },
          {
            key: 'user',
            title: t('aiAssist.columns.user'),
            render: (_, r) => r.userName ?? t('aiAssist.system'),
          },
          {
            key: 'feature',
            title: t('aiAssist.columns.feature'),
            render: (_, r) => t(`aiAssist.feature.${r.feature}`),
          },
          {
            key: 'issue',
            title: t('aiAssist.columns.issue'),
            render: (_, r) => (r.issueId ? `#${r.issueId}` : '–'),
          },
          { key: 'outcome', title: t('aiAssist.columns.outcome'), render: (_, r) => outcomeText(r.outcome) },
          {
            key: 'tokens',
            title: t('aiAssist.columns.tokens'),
            render: (_, r) =>
              r.promptTokens === null ? '–' : `${r.promptTokens} + ${r.completionTokens ?? 0}`,
          },
          { key: 'latency', title: t('aiAssist.columns.latency'), render: (_, r) => `${r.latencyMs} ms` },
        ]}
      />
      {requestsQuery.hasNextPage && (
        <Button
          className="ai-assist__more"
          onClick={() => void requestsQuery.fetchNextPage()}
          loading={requestsQuery.isFetchingNextPage}
        >
          {t('aiAssist.loadMore')}
        </Button>
      )}
    </ListCard>
  );
}

export { AiAssistPage as Component };

/** The screen's texts load with it, before it renders. */
export async function loader(): Promise<null> {
  await ensureSettingsTexts();
  return null;
}
