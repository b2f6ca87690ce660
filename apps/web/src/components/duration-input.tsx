import { useState } from 'react';
import { InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@sabai/i18n';
import type { DurationUnit } from '../lib/duration';
import { FIELD_UNITS, fittingUnit, toAmount, toMinutes } from '../lib/duration-field';
import './duration-input.css';

const UNIT_LABELS: Record<DurationUnit, TranslationKey> = {
  minutes: 'common.durationUnits.minutes',
  hours: 'common.durationUnits.hours',
  days: 'common.durationUnits.days',
};

type DurationInputProps = {
  /** The amount's id, for the form item's label. */
  id?: string;
  /** Minutes, or null for no target. */
  value?: number | null;
  onChange?: (minutes: number | null) => void;
  /** The unit a target without a value starts in. */
  defaultUnit: DurationUnit;
  /** Names the unit select for screen readers. */
  unitLabel: string;
  testId: string;
};

/**
 * A length of time (a service level target, a rule's idle time) as a whole amount of minutes, hours or days;
 * the form holds it in minutes.
 */
export function DurationInput({
  id,
  value = null,
  onChange,
  defaultUnit,
  unitLabel,
  testId,
}: DurationInputProps) {
  const { t } = useTranslation();
  const [unit, setUnit] = useState<DurationUnit>(() => fittingUnit(value, defaultUnit));
  const amount = toAmount(value, unit);

  return (
    <Space.Compact className="duration-input">
      <InputNumber<number>
        id={id}
        min={0}
        precision={0}
        value={amount}
        onChange={(next) => onChange?.(toMinutes(next ?? null, unit))}
        className="duration-input__amount"
        data-testid={testId}
      />
      <Select<DurationUnit>
        value={unit}
        onChange={(next) => {
          setUnit(next);
          // The amount stays as typed: 2 hours become 2 days, not 0.08 days.
          onChange?.(toMinutes(amount, next));
        }}
        options={FIELD_UNITS.map((u) => ({ value: u, label: t(UNIT_LABELS[u]) }))}
        aria-label={unitLabel}
        className="duration-input__unit"
        data-testid={`${testId}-unit`}
      />
    </Space.Compact>
  );
}
