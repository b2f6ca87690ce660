// antd's RangePicker, loaded only when a custom range is chosen: it would weigh on the dashboard's first load.
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReportPeriod } from '@sabai/domain';

type Props = { value: ReportPeriod; onChange: (period: ReportPeriod) => void; testId: string };

const fromRange = (r: [Dayjs | null, Dayjs | null] | null): ReportPeriod | null =>
  r?.[0] && r[1] ? { from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') } : null;

export default function RangePicker({ value, onChange, testId }: Props) {
  return (
    <DatePicker.RangePicker
      data-testid={testId}
      allowClear={false}
      value={[dayjs(value.from), dayjs(value.to)]}
      onChange={(r) => {
        const period = fromRange(r);
        if (period) onChange(period);
      }}
      format="DD/MM/YYYY"
    />
  );
}
