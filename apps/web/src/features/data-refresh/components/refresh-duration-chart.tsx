import { useMemo } from 'react';
import { Card, Empty } from 'antd';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { RefreshLog } from '@finboard/shared/data-refresh';
import { echarts } from '../../../components/echarts';
import { formatDuration } from '../refresh-format';

/** Refresh durations over time, one line per dashboard, from the finished refreshes listed. */
export function RefreshDurationChart({ logs }: { logs: RefreshLog[] }) {
  const series = useMemo(() => {
    const byName = new Map<string, [string, number][]>();
    for (const log of logs) {
      if (log.duration === null) continue;
      const points = byName.get(log.report_name) ?? [];
      points.push([log.last_refresh_date, Number(log.duration.toFixed(3))]);
      byName.set(log.report_name, points);
    }
    return [...byName].map(([name, points]) => ({
      name,
      type: 'line' as const,
      showSymbol: true,
      data: points.toSorted((a, b) => a[0].localeCompare(b[0])),
    }));
  }, [logs]);

  return (
    <Card title="Refresh durations" size="small" style={{ marginBottom: 16 }}>
      {series.length === 0 ? (
        <Empty description="No finished refreshes to chart yet" />
      ) : (
        <div role="img" aria-label={`Refresh durations over time for ${series.map((line) => line.name).join(', ')}`}>
          <ReactEChartsCore
            echarts={echarts}
            notMerge
            style={{ height: 260 }}
            option={{
              tooltip: {
                trigger: 'axis',
                valueFormatter: (value: number) => formatDuration(value),
              },
              legend: { top: 0 },
              grid: { left: 56, right: 24, top: 36, bottom: 32 },
              xAxis: { type: 'time' },
              yAxis: { type: 'value', name: 'seconds' },
              series,
            }}
          />
        </div>
      )}
    </Card>
  );
}
