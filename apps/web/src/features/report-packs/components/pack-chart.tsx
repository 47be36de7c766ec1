import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption } from 'echarts';
import { echarts } from '../../../components/echarts';

/** One ECharts chart of a preview page, named for screen readers. */
export function PackChart(props: { option: EChartsOption; height: number; label: string }) {
  return (
    <div role="img" aria-label={props.label}>
      <ReactEChartsCore
        echarts={echarts}
        option={props.option}
        notMerge
        style={{ height: props.height, width: '100%' }}
      />
    </div>
  );
}
