import { lazy, Suspense, type ReactNode } from 'react';
import { Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportFilterOptions } from '@sabai/contracts';
import type { ReportPeriod } from '@sabai/domain';
import type { TranslationKey } from '@sabai/i18n';
import {
  COMPARE_MODES,
  PERIOD_PRESETS,
  type CompareMode,
  type PeriodPreset,
  type ReportControls as Controls,
} from '../utils/report-period';

const PRESET_LABELS: Record<PeriodPreset, TranslationKey> = {
  last7Days: 'reports.period.last7Days',
  last30Days: 'reports.period.last30Days',
  last90Days: 'reports.period.last90Days',
  last3Months: 'reports.period.last3Months',
  last12Months: 'reports.period.last12Months',
  custom: 'reports.period.custom',
};

const COMPARE_LABELS: Record<CompareMode, TranslationKey> = {
  previous: 'reports.compare.previous',
  none: 'reports.compare.none',
  custom: 'reports.compare.custom',
};

type Props = {
  value: Controls;
  onChange: (next: Controls) => void;
  period: ReportPeriod;
  compare: ReportPeriod | null;
  options: ReportFilterOptions | undefined;
  /** Reports of one kind drop the filter that would leave a single row (e.g. channel on channel performance). */
  showChannel?: boolean;
  showTeam?: boolean;
  /** The satisfaction report has no compare period (its API takes none) and no times to count in business hours. */
  showCompare?: boolean;
  showBusinessHours?: boolean;
  /** A report's own filters, after the channel and team. */
  children?: ReactNode;
};

const RangePicker = lazy(() => import('./range-picker'));

type SelectProps<T extends string> = {
  testId: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<{ value: T; label: string }>;
};

/** One of the controls: the app's own select, its input named by the testId (the field's label points at it). */
export function ControlSelect<T extends string>({ testId, value, onChange, options }: SelectProps<T>) {
  return (
    <Select<T>
      id={testId}
      className="report-select"
      data-testid={testId}
      value={value}
      onChange={onChange}
      options={options}
      popupMatchSelectWidth={false}
    />
  );
}

/** Period, compare period, channel and team filters, the report's own filters, and the business-hours switch. */
export function ReportControls({
  value,
  onChange,
  period,
  compare,
  options,
  showChannel = true,
  showTeam = true,
  showCompare = true,
  showBusinessHours = true,
  children,
}: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<Controls>) => onChange({ ...value, ...patch });
  return (
    <div className="report-controls" data-testid="report-controls">
      <label className="report-controls__field">
        <span>{t('reports.period.label')}</span>
        <ControlSelect
          testId="period-select"
          value={value.preset}
          onChange={(preset) => set({ preset, custom: preset === 'custom' ? period : null })}
          options={PERIOD_PRESETS.map((key) => ({ value: key, label: t(PRESET_LABELS[key]) }))}
        />
      </label>
      {value.preset === 'custom' && (
        <Suspense fallback={null}>
          <RangePicker testId="period-range" value={period} onChange={(custom) => set({ custom })} />
        </Suspense>
      )}
      {showCompare && (
        <label className="report-controls__field">
          <span>{t('reports.compare.label')}</span>
          <ControlSelect
            testId="compare-select"
            value={value.compare}
            onChange={(mode) => set({ compare: mode, compareCustom: mode === 'custom' ? compare : null })}
            options={COMPARE_MODES.map((key) => ({ value: key, label: t(COMPARE_LABELS[key]) }))}
          />
        </label>
      )}
      {showCompare && value.compare === 'custom' && compare && (
        <Suspense fallback={null}>
          <RangePicker
            testId="compare-range"
            value={compare}
            onChange={(compareCustom) => set({ compareCustom })}
          />
        </Suspense>
      )}
      {showChannel && (
        <label className="report-controls__field">
          <span>{t('reports.filter.channel')}</span>
          <ControlSelect
            testId="channel-filter"
            value={value.channel ?? ''}
            onChange={(id) => set({ channel: id || null })}
            options={[
              { value: '', label: t('reports.filter.allChannels') },
              ...(options?.channels ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        </label>
      )}
      {showTeam && (
        <label className="report-controls__field">
          <span>{t('reports.filter.team')}</span>
          <ControlSelect
            testId="team-filter"
            value={value.team ?? ''}
            onChange={(id) => set({ team: id || null })}
            options={[
              { value: '', label: t('reports.filter.allTeams') },
              ...(options?.teams ?? []).map((team) => ({ value: team.id, label: team.name })),
            ]}
          />
        </label>
      )}
      {children}
      {showBusinessHours && (
        <label className="report-controls__switch" title={t('reports.businessHoursHint')}>
          <Switch
            size="small"
            checked={value.businessHours}
            onChange={(businessHours) => set({ businessHours })}
            data-testid="business-hours-switch"
          />
          <span>{t('reports.businessHours')}</span>
        </label>
      )}
    </div>
  );
}
