import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { PERIOD_FORMAT } from '../pack-period';

/** A month, YYYY-MM: the period a pack is previewed, written and generated for. */
export function PeriodPicker(props: { id?: string; value: string | undefined; onChange: (period: string) => void }) {
  return (
    <DatePicker
      id={props.id}
      picker="month"
      aria-label="Period"
      format={PERIOD_FORMAT}
      allowClear={false}
      value={props.value ? dayjs(props.value, PERIOD_FORMAT) : null}
      onChange={(value) => value && props.onChange(value.format(PERIOD_FORMAT))}
    />
  );
}
