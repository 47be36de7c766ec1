import { forwardRef, useImperativeHandle, useRef } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption } from 'echarts';
import { echarts } from '../../../components/echarts';

export interface ReportChartHandle {
  /** The chart as a PNG data URL (echarts getDataURL), on white, at twice the screen's density. */
  pngDataUrl: () => string | undefined;
}

/** One ECharts chart; clicking a point hands over its index (the page opens the GL lines behind it). */
export const ReportChart = forwardRef<
  ReportChartHandle,
  { option: EChartsOption; height: number; label: string; onPointClick?: (seriesIndex: number, index: number) => void }
>(function ReportChart({ option, height, label, onPointClick }, ref) {
  const chart = useRef<ReactEChartsCore>(null);
  useImperativeHandle(ref, () => ({
    pngDataUrl: () =>
      chart.current?.getEchartsInstance().getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }),
  }));
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore
        ref={chart}
        echarts={echarts}
        option={option}
        notMerge
        style={{ height, width: '100%' }}
        onEvents={
          onPointClick
            ? {
                click: (event: { seriesIndex: number; dataIndex: number }) =>
                  onPointClick(event.seriesIndex, event.dataIndex),
              }
            : undefined
        }
      />
    </div>
  );
});
