import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { DownloadOutlined, PictureOutlined, PrinterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { reportMessages, type Report, type ReportDrill, type ReportTemplate } from '@finboard/shared/reports';
import { saveFile } from '../../../lib/save-file';
import { useReport } from '../api/get-report';
import { pieOption, planCharts, trendOption } from '../report-charts';
import { reportCsv, reportFileName } from '../report-csv';
import { blobOfDataUrl, formatRefreshed, reportScope } from '../report-format';
import { reportFiltersFromSearch, searchWithReportFilters, type ReportFilterState } from '../report-url-state';
import { GlLinesDrawer } from './gl-lines-drawer';
import { KpiCards } from './kpi-cards';
import { ReportChart, type ReportChartHandle } from './report-chart';
import { SectionTable } from './section-table';

const MONTH = 'YYYY-MM';

/** A built-in statement (issue 11 §1), drawn generically from the reports API's answer. */
export function BuiltinReport(props: { organizationId: string; title: string; template: ReportTemplate }) {
  const { organizationId, title, template } = props;
  const [search, setSearch] = useSearchParams();
  const filters = reportFiltersFromSearch(search);
  const report = useReport(organizationId, template, filters);
  const [drill, setDrill] = useState<ReportDrill>();
  const setFilters = (next: ReportFilterState) => setSearch(searchWithReportFilters(search, next), { replace: true });

  if (report.isPending) return <Spin style={{ display: 'block', margin: 48 }} tip="Loading..." />;
  if (report.isError && !report.data)
    return (
      <Result
        status="error"
        title={report.error.message || reportMessages.loadFailed}
        extra={<Button onClick={() => void report.refetch()}>Try again</Button>}
      />
    );
  const data = report.data!;

  return (
    <Flex vertical gap={16}>
      <ReportHeader title={title} report={data} loading={report.isFetching} />
      <ReportFilters report={data} filters={filters} onChange={setFilters} />
      {report.isError && <Alert type="error" showIcon message={report.error.message} />}
      <ReportBody report={data} title={title} onDrill={setDrill} />
      <GlLinesDrawer
        organizationId={organizationId}
        drill={drill}
        onClose={() => setDrill(undefined)}
        studioOrganization={search.get('organization') ?? undefined}
      />
    </Flex>
  );
}

function ReportHeader({ title, report, loading }: { title: string; report: Report; loading: boolean }) {
  const { message } = App.useApp();
  const exportCsv = () => {
    saveFile(
      new Blob([reportCsv(title, report)], { type: 'text/csv;charset=utf-8' }),
      reportFileName(title, report, 'csv'),
    );
    void message.success('CSV exported');
  };
  return (
    <Flex justify="space-between" align="flex-start" wrap gap={8}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">
          <span>{reportScope(report)}</span>
          {report.entity ? ` · ${report.entity}` : ''}
          {report.department ? ` · ${report.department}` : ''}
          {' · '}
          <span>
            {report.refreshedAt ? `Data refreshed ${formatRefreshed(report.refreshedAt)}` : 'Data not refreshed yet'}
          </span>
        </Typography.Text>
        {loading && <Spin size="small" style={{ marginLeft: 8 }} />}
      </div>
      <Space className="dashboard-no-print" wrap>
        <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={report.sections.length === 0}>
          Export CSV
        </Button>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          Print
        </Button>
      </Space>
    </Flex>
  );
}

function ReportFilters(props: {
  report: Report;
  filters: ReportFilterState;
  onChange: (next: ReportFilterState) => void;
}) {
  const { report, filters, onChange } = props;
  const { firstPeriod, lastPeriod, entities, departments } = report.filters;
  const range: [Dayjs, Dayjs] | null =
    filters.from || filters.to
      ? [dayjs(filters.from ?? report.from, MONTH), dayjs(filters.to ?? report.to, MONTH)]
      : null;
  const outside = (month: Dayjs) =>
    Boolean((firstPeriod && month.format(MONTH) < firstPeriod) || (lastPeriod && month.format(MONTH) > lastPeriod));
  const options = (values: string[]) => values.map((value) => ({ value, label: value }));
  return (
    <Space wrap className="dashboard-no-print" aria-label="Report filters">
      <DatePicker.RangePicker
        picker="month"
        aria-label="Period range"
        value={range}
        placeholder={[report.from, report.to]}
        disabledDate={outside}
        allowClear
        onChange={(value) => onChange({ ...filters, from: value?.[0]?.format(MONTH), to: value?.[1]?.format(MONTH) })}
      />
      <Select
        aria-label="Entity"
        placeholder="All entities"
        allowClear
        style={{ minWidth: 180 }}
        value={filters.entity}
        options={options(entities)}
        onChange={(entity?: string) => onChange({ ...filters, entity })}
      />
      <Select
        aria-label="Department"
        placeholder="All departments"
        allowClear
        style={{ minWidth: 180 }}
        value={filters.department}
        options={options(departments)}
        onChange={(department?: string) => onChange({ ...filters, department })}
      />
    </Space>
  );
}

function ReportBody(props: { report: Report; title: string; onDrill: (drill: ReportDrill) => void }) {
  const { report, title, onDrill } = props;
  const plan = planCharts(report.series);
  const hasFigures =
    report.sections.some((section) => section.rows.length > 0) ||
    report.series.some((series) => series.points.some((point) => point.value !== null && point.value !== 0));
  if (!hasFigures) return <Empty description={reportMessages.noData} />;
  return (
    <Flex vertical gap={16}>
      {plan.kpis.length > 0 && <KpiCards series={plan.kpis} onDrill={onDrill} />}
      {(plan.trend.length > 0 || plan.pies.length > 0) && (
        <Row gutter={[16, 16]}>
          {plan.trend.length > 0 && (
            <Col xs={24} xl={plan.pies.length > 0 ? 14 : 24}>
              <ChartCard
                title={plan.trend.map((s) => s.label).join(', ')}
                fileName={reportFileName(`${title} trend`, report, 'png')}
                option={trendOption(plan.trend)}
                onPointClick={(seriesIndex, index) => {
                  const series = plan.trend[seriesIndex];
                  const x = trendOption(plan.trend).xAxis as { data: string[] };
                  const point = series?.points.find((p) => p.x === x.data[index]);
                  if (point?.drill) onDrill(point.drill);
                }}
              />
            </Col>
          )}
          {plan.pies.map((series) => (
            <Col key={series.key} xs={24} md={12} xl={plan.trend.length > 0 ? 10 : 12}>
              <ChartCard
                title={series.label}
                fileName={reportFileName(`${title} ${series.label}`, report, 'png')}
                option={pieOption(series)}
                onPointClick={(_, index) => {
                  const drill = series.points[index]?.drill;
                  if (drill) onDrill(drill);
                }}
              />
            </Col>
          ))}
        </Row>
      )}
      {report.sections.map((section) => (
        <SectionTable key={section.key} section={section} onDrill={onDrill} />
      ))}
    </Flex>
  );
}

function ChartCard(props: {
  title: string;
  fileName: string;
  option: ReturnType<typeof trendOption>;
  onPointClick: (seriesIndex: number, index: number) => void;
}) {
  const chart = useRef<ReportChartHandle>(null);
  const savePng = () => {
    const url = chart.current?.pngDataUrl();
    if (url) saveFile(blobOfDataUrl(url), props.fileName);
  };
  return (
    <Card
      size="small"
      title={props.title}
      extra={
        <Button
          className="dashboard-no-print"
          size="small"
          icon={<PictureOutlined />}
          aria-label={`Export ${props.title} as PNG`}
          onClick={savePng}
        >
          PNG
        </Button>
      }
    >
      <ReportChart
        ref={chart}
        option={props.option}
        height={300}
        label={props.title}
        onPointClick={props.onPointClick}
      />
    </Card>
  );
}
