import { Button, Card, Col, Flex, Row, Statistic, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { ReportDrill, ReportSeries } from '@finboard/shared/reports';
import type { ReportDisplay } from '../report-display';
import { sparklineOption } from '../report-charts';
import { formatKpi, formatKpiChange } from '../report-format';
import { ReportChart } from './report-chart';

type KpiCard = NonNullable<ReportSeries['card']>;

/** Whether a change is good news: a rise of what should rise (revenue, margins) or a fall of a cost. */
const goodNews = (card: KpiCard, change: number | null) =>
  change === null || change === 0 || change > 0 === card.higherIsBetter;

/** One comparison line of a card: "↑ +33.33% vs Oct 2026", green or red; "No figure for Nov 2025" without a base. */
function Change(props: { card: KpiCard; change: number | null; against: string }) {
  const { card, change, against } = props;
  const text = formatKpiChange(change, card.changeKind);
  if (text === undefined)
    return (
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12, display: 'block' }}
      >{`No change to show vs ${against}`}</Typography.Text>
    );
  return (
    <Typography.Text style={{ color: goodNews(card, change) ? '#15803d' : '#b91c1c', fontSize: 12, display: 'block' }}>
      {change! > 0 ? <ArrowUpOutlined /> : change! < 0 ? <ArrowDownOutlined /> : null} {text} vs {against}
    </Typography.Text>
  );
}

/**
 * Financial Overview's KPI cards (issue 25 §2–3): each names its month ("Nov 2026"), compares it with the month
 * before and the same month a year earlier (a percentage's change in points), shows its formula on hover and a
 * sparkline of the range's months.
 */
export function KpiCards(props: {
  series: ReportSeries[];
  display: ReportDisplay;
  onDrill: (drill: ReportDrill) => void;
}) {
  return (
    <Row gutter={[16, 16]}>
      {props.series.map((series) => {
        const card = series.card;
        if (!card) return null;
        const value = formatKpi(card.value, card.unit, props.display);
        const drill = series.points.at(-1)?.drill;
        return (
          <Col key={series.key} xs={24} sm={12} lg={8} xl={Math.max(4, Math.floor(24 / props.series.length))}>
            <Card size="small" aria-label={`${series.label}, ${card.period}`} role="group">
              <Statistic
                title={
                  <Flex justify="space-between" gap={4}>
                    <Tooltip title={card.formula}>
                      <span>
                        {series.label} <InfoCircleOutlined aria-label={`How ${series.label} is computed`} />
                      </span>
                    </Tooltip>
                    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                      {card.period}
                    </Typography.Text>
                  </Flex>
                }
                valueRender={() =>
                  drill ? (
                    <Button
                      type="link"
                      className="report-figure"
                      style={{ padding: 0, fontSize: 24, height: 'auto', color: 'inherit' }}
                      aria-label={`${series.label}, ${card.period}: ${value}. Show the GL lines`}
                      onClick={() => props.onDrill(drill)}
                    >
                      {value}
                    </Button>
                  ) : (
                    <span>{value}</span>
                  )
                }
              />
              <Change card={card} change={card.change} against={card.previousPeriod} />
              <Change card={card} change={card.priorYearChange} against={card.priorYearPeriod} />
              <ReportChart
                option={sparklineOption(series, goodNews(card, card.change))}
                height={48}
                label={`${series.label} trend`}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
