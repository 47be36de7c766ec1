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
  Segmented,
  Select,
  Space,
  Spin,
  Switch,
  Typography,
} from 'antd';
import { ApartmentOutlined, DownloadOutlined, PictureOutlined, PrinterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DEFAULT_COMPARISONS,
  reportMessages,
  type Report,
  type ReportComparison,
  type ReportDrill,
  type ReportTemplate,
} from '@finboard/shared/reports';
import { ButtonLink } from '../../../components/button-link';
import { useOrganizationParam, withOrganization } from '../../../lib/organization-link';
import { saveFile } from '../../../lib/save-file';
import { useReport } from '../api/get-report';
import { pieOption, planCharts, trendOption } from '../report-charts';
import { reportCsv, reportFileName } from '../report-csv';
import { displayFromSearch, searchWithDisplay, unitsCaption, type ReportDisplay } from '../report-display';
import { blobOfDataUrl, formatRefreshed, reportScope } from '../report-format';
import { cssString } from '../report-print';
import { reportFiltersFromSearch, searchWithReportFilters, type ReportFilterState } from '../report-url-state';
import { CardPicker } from './card-picker';
import { GlLinesDrawer } from './gl-lines-drawer';
import { KpiCards } from './kpi-cards';
import { ReportChart, type ReportChartHandle } from './report-chart';
import { SectionTable } from './section-table';

const MONTH = 'YYYY-MM';

/** A built-in statement (issue 11 §1), drawn generically from the reports API's answer. */
export function BuiltinReport(props: {
  organizationId: string;
  organizationName?: string;
  title: string;
  template: ReportTemplate;
}) {
  const { organizationId, organizationName, title, template } = props;
  const [search, setSearch] = useSearchParams();
  const filters = reportFiltersFromSearch(search);
  const display = displayFromSearch(search);
  const setDisplay = (next: ReportDisplay) => setSearch(searchWithDisplay(search, next), { replace: true });
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
      <PrintedPageHeader organizationName={organizationName} title={title} report={data} display={display} />
      <ReportHeader
        organizationId={organizationId}
        title={title}
        report={data}
        display={display}
        loading={report.isFetching}
      />
      <ReportFilters report={data} filters={filters} onChange={setFilters} />
      <ReportOptions
        template={template}
        filters={filters}
        onFilters={setFilters}
        display={display}
        onDisplay={setDisplay}
      />
      {report.isError && <Alert type="error" showIcon message={report.error.message} />}
      <ReportBody report={data} title={title} display={display} onDrill={setDrill} />
      <GlLinesDrawer
        organizationId={organizationId}
        drill={drill}
        onClose={() => setDrill(undefined)}
        studioOrganization={search.get('organization') ?? undefined}
      />
    </Flex>
  );
}

/**
 * What every printed page says at its top (issue 25 §4): organization, statement, scope and units, in the
 * page's margin box; the page number is in dashboard-print.css.
 */
function PrintedPageHeader(props: {
  organizationName?: string;
  title: string;
  report: Report;
  display: ReportDisplay;
}) {
  const { organizationName, title, report, display } = props;
  const heading = [organizationName, title, reportScope(report), unitsCaption(report.currency, display)]
    .filter(Boolean)
    .join(' · ');
  const css = `@media print { @page { @top-left { content: ${cssString(heading)}; font: 8pt sans-serif; color: #475569; } } }`;
  return <style>{css}</style>;
}

/** The statements whose lines the statement layout decides. */
const LAID_OUT = new Set<ReportTemplate>(['profit-and-loss', 'balance-sheet', 'cash-flow']);

function ReportHeader(props: {
  organizationId: string;
  title: string;
  report: Report;
  display: ReportDisplay;
  loading: boolean;
}) {
  const { organizationId, title, report, display, loading } = props;
  const organization = useOrganizationParam();
  const layoutHref = organization ? withOrganization('/statement-layout', organization) : '/statement-layout';
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
          {' · '}
          <span>{unitsCaption(report.currency, display)}</span>
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
        {report.template === 'financial-overview' && (
          <CardPicker
            organizationId={organizationId}
            current={report.series.flatMap((s) => (s.card ? [s.card.kpi] : []))}
          />
        )}
        {LAID_OUT.has(report.template) && (
          <ButtonLink icon={<ApartmentOutlined />} to={layoutHref}>
            Edit layout
          </ButtonLink>
        )}
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

const COMPARISON_OPTIONS: { value: ReportComparison; label: string }[] = [
  { value: 'previousPeriod', label: 'Previous period' },
  { value: 'priorYear', label: 'Prior year' },
  { value: 'budget', label: 'Budget' },
];

/**
 * How the figures read (units or thousands, minus sign or brackets, zero rows shown or hidden) and, on the
 * Profit & Loss, which comparisons it shows; all kept in the URL.
 */
function ReportOptions(props: {
  template: ReportTemplate;
  filters: ReportFilterState;
  onFilters: (next: ReportFilterState) => void;
  display: ReportDisplay;
  onDisplay: (next: ReportDisplay) => void;
}) {
  const { template, filters, onFilters, display, onDisplay } = props;
  const compared: ReportComparison[] =
    filters.compare === undefined
      ? DEFAULT_COMPARISONS
      : filters.compare === 'none'
        ? []
        : (filters.compare.split(',') as ReportComparison[]);
  const compare = (next: ReportComparison[]) => {
    const same = next.length === DEFAULT_COMPARISONS.length && DEFAULT_COMPARISONS.every((c) => next.includes(c));
    onFilters({ ...filters, compare: same ? undefined : next.length === 0 ? 'none' : next.join(',') });
  };
  return (
    <Space wrap className="dashboard-no-print" aria-label="Statement options">
      <Segmented
        aria-label="Amounts in"
        value={display.thousands ? 'thousands' : 'units'}
        options={[
          { value: 'units', label: 'Units' },
          { value: 'thousands', label: 'Thousands' },
        ]}
        onChange={(value) => onDisplay({ ...display, thousands: value === 'thousands' })}
      />
      <Segmented
        aria-label="Negative amounts"
        value={display.brackets ? 'brackets' : 'minus'}
        options={[
          { value: 'minus', label: '−1,234' },
          { value: 'brackets', label: '(1,234)' },
        ]}
        onChange={(value) => onDisplay({ ...display, brackets: value === 'brackets' })}
      />
      <Space size={4}>
        <Switch
          size="small"
          id="hide-zero-rows"
          checked={display.hideZeroRows}
          onChange={(hideZeroRows) => onDisplay({ ...display, hideZeroRows })}
        />
        <label htmlFor="hide-zero-rows">Hide zero rows</label>
      </Space>
      {template === 'profit-and-loss' && (
        <Select<ReportComparison[]>
          mode="multiple"
          aria-label="Compare with"
          placeholder="Compare with"
          style={{ minWidth: 260 }}
          value={compared}
          options={COMPARISON_OPTIONS}
          onChange={compare}
        />
      )}
    </Space>
  );
}

/** A statement's figures: KPI cards, charts and a table per section (the consolidated statements reuse it). */
export function ReportBody(props: {
  report: Report;
  title: string;
  display: ReportDisplay;
  onDrill: (drill: ReportDrill) => void;
}) {
  const { report, title, display, onDrill } = props;
  const plan = planCharts(report.series);
  const hasFigures =
    report.sections.some((section) => section.rows.length > 0) ||
    report.series.some((series) => series.points.some((point) => point.value !== null && point.value !== 0));
  if (!hasFigures) return <Empty description={reportMessages.noData} />;
  return (
    <Flex vertical gap={16}>
      {plan.kpis.length > 0 && <KpiCards series={plan.kpis} display={display} onDrill={onDrill} />}
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
        <SectionTable key={section.key} section={section} display={display} onDrill={onDrill} />
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
