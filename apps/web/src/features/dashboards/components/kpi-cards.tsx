import { Button, Card, Col, Row, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { ReportDrill, ReportSeries } from '@finboard/shared/reports';
import { kpiFigures, sparklineOption } from '../report-charts';
import { changeRatio, formatValue } from '../report-format';
import { ReportChart } from './report-chart';

/** Costs going down is good news: a KPI named as a cost reads its change the other way round. */
const lowerIsBetter = (series: ReportSeries) => /expense|cost/i.test(series.key);

/** Financial Overview's headline figures: the latest value, its change vs the prior period, a sparkline. */
export function KpiCards(props: { series: ReportSeries[]; onDrill: (drill: ReportDrill) => void }) {
  return (
    <Row gutter={[16, 16]}>
      {props.series.map((series) => {
        const { current, previous } = kpiFigures(series);
        const change = changeRatio(current?.value, previous?.value);
        const good = change === undefined || change === 0 || change > 0 !== lowerIsBetter(series);
        const value = formatValue(current?.value, series.kind) || '—';
        return (
          <Col key={series.key} xs={24} sm={12} lg={8} xl={Math.max(4, Math.floor(24 / props.series.length))}>
            <Card size="small">
              <Statistic
                title={series.label}
                valueRender={() =>
                  current?.drill ? (
                    <Button
                      type="link"
                      style={{ padding: 0, fontSize: 24, height: 'auto' }}
                      aria-label={`${series.label}: ${value}. Show the GL lines`}
                      onClick={() => props.onDrill(current.drill!)}
                    >
                      {value}
                    </Button>
                  ) : (
                    <span>{value}</span>
                  )
                }
              />
              <Typography.Text style={{ color: good ? '#15803d' : '#b91c1c', fontSize: 12 }}>
                {change === undefined ? (
                  'No prior period'
                ) : (
                  <>
                    {change >= 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {(Math.abs(change) * 100).toFixed(1)}%
                    vs {previous?.x}
                  </>
                )}
              </Typography.Text>
              <ReportChart option={sparklineOption(series, good)} height={48} label={`${series.label} trend`} />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
