import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, DatePicker, Descriptions, Flex, Result, Spin, Table, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ConsolidatedReport } from '@finboard/shared/consolidation';
import { formatValue } from '@finboard/shared/report-format';
import type { Report, ReportColumn, ReportSection } from '@finboard/shared/reports';
import { ApiError } from '../../../lib/api-client';
import { useConsolidatedReport } from '../api/get-consolidated-report';
import {
  balanceSummary,
  memberStatementHrefs,
  searchWithSelection,
  selectionFromSearch,
  STATEMENT_OPTIONS,
  statementPart,
  worksheetOf,
  type StatementSelection,
} from '../consolidated-report';
import { EXCHANGE_RATES_PATH } from '../page-links';

const MONTH = 'YYYY-MM';
const amount = (value: number) => formatValue(value, 'amount');
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * How the organization statements draw a statement and a section: the app shell passes them in, so a group's
 * statements read exactly as an organization's.
 */
export interface StatementRenderers {
  /** KPI cards, charts and section tables of a statement. */
  statement: (report: Report, title: string) => ReactNode;
  /** One section's table; `columnTitle` may replace a column's header (the worksheet's member columns). */
  section: (section: ReportSection, columnTitle?: (column: ReportColumn) => ReactNode) => ReactNode;
}

/**
 * A group's statements (docs/consolidation.md): Profit & Loss, Balance Sheet, Cash Flow or Financial Overview for a
 * range of months, in the reporting currency; then the consolidation worksheet, whose member columns open that
 * member's own statements, and the unmatched intercompany differences.
 */
export function ConsolidatedStatements(props: {
  groupId: string;
  renderers: StatementRenderers;
  /** Whether the reader may open this organization's own statements (administrators: every member). */
  canOpenOrganization: (organizationId: string) => boolean;
}) {
  const { groupId, renderers, canOpenOrganization } = props;
  const [search, setSearch] = useSearchParams();
  const selection = selectionFromSearch(search);
  const select = (next: StatementSelection) => setSearch(searchWithSelection(search, next), { replace: true });
  const report = useConsolidatedReport(groupId, selection.template, { from: selection.from, to: selection.to });
  const title = STATEMENT_OPTIONS.find((option) => option.value === selection.template)!.label;

  let body: ReactNode;
  if (report.isPending) body = <Spin style={{ display: 'block', margin: 48 }} tip="Consolidating..." />;
  else if (report.isError && !report.data)
    body = <ReportError error={report.error} retry={() => void report.refetch()} />;
  else
    body = (
      <Flex vertical gap={16}>
        {report.isError && <ReportError error={report.error} retry={() => void report.refetch()} />}
        <ConsolidatedBody
          report={report.data!}
          title={title}
          renderers={renderers}
          canOpenOrganization={canOpenOrganization}
        />
      </Flex>
    );

  const data = report.data;
  const range: [Dayjs, Dayjs] | null =
    selection.from || selection.to
      ? [
          dayjs(selection.from ?? data?.from ?? selection.to, MONTH),
          dayjs(selection.to ?? data?.to ?? selection.from, MONTH),
        ]
      : null;
  return (
    <Flex vertical gap={16}>
      <Tabs
        activeKey={selection.template}
        onChange={(template) => select({ ...selection, template: template as StatementSelection['template'] })}
        items={STATEMENT_OPTIONS.map((option) => ({ key: option.value, label: option.label }))}
        style={{ marginBottom: -16 }}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Consolidated {title}
          </Typography.Title>
          {data && (
            <Typography.Text type="secondary">
              {data.template === 'balance-sheet'
                ? `As of ${longDate.format(new Date(`${data.asOf}T00:00:00Z`))}`
                : `${data.from} to ${data.to}`}
              {' · '}
              <span>Reporting currency {data.currency}</span>
            </Typography.Text>
          )}
          {report.isFetching && !report.isPending && <Spin size="small" style={{ marginLeft: 8 }} />}
        </div>
        <DatePicker.RangePicker
          picker="month"
          format={MONTH}
          aria-label="Period range"
          value={range}
          placeholder={[data?.from ?? 'From', data?.to ?? 'To']}
          allowClear
          onChange={(value) => select({ ...selection, from: value?.[0]?.format(MONTH), to: value?.[1]?.format(MONTH) })}
        />
      </Flex>
      {body}
    </Flex>
  );
}

/** A rate the group needs is missing (422): say which, and where they are entered. */
function ReportError({ error, retry }: { error: Error; retry: () => void }) {
  if (error instanceof ApiError && error.status === 422)
    return (
      <Alert
        type="error"
        role="alert"
        showIcon
        title={error.message}
        action={<Link to={EXCHANGE_RATES_PATH}>Open Exchange Rates</Link>}
      />
    );
  return <Result status="error" title={error.message} extra={<Button onClick={retry}>Try again</Button>} />;
}

function ConsolidatedBody(props: {
  report: ConsolidatedReport;
  title: string;
  renderers: StatementRenderers;
  canOpenOrganization: (organizationId: string) => boolean;
}) {
  const { report, title, renderers, canOpenOrganization } = props;
  const worksheet = worksheetOf(report);
  const hrefs = memberStatementHrefs(report);
  const organizationOf = new Map(report.members.map((member) => [member.key, member.organizationId]));
  const summary = balanceSummary(report);
  const memberHeader = (column: ReportColumn): ReactNode => {
    const href = hrefs.get(column.key);
    const organizationId = organizationOf.get(column.key);
    if (!href || !organizationId || !canOpenOrganization(organizationId)) return column.label;
    return (
      <Link to={href} aria-label={`${column.label}: open its own ${title}`}>
        {column.label}
      </Link>
    );
  };
  return (
    <Flex vertical gap={16}>
      {summary.length > 0 && (
        <Card size="small" title="Group equity" style={{ maxWidth: 560 }} role="region" aria-label="Group equity">
          <Descriptions
            size="small"
            column={1}
            items={summary.map((row) => ({
              key: row.label,
              label: row.label,
              children: <span style={{ fontVariantNumeric: 'tabular-nums' }}>{amount(row.value)}</span>,
            }))}
          />
        </Card>
      )}
      {renderers.statement(statementPart(report), title)}
      {worksheet && (
        <section aria-label="Consolidation worksheet">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            A column per member, translated into {report.currency} before the non-controlling split; a member&apos;s
            name opens its own statements for the same range.
          </Typography.Paragraph>
          {renderers.section(worksheet, memberHeader)}
        </section>
      )}
      {report.unmatched.length > 0 && <UnmatchedTable report={report} />}
    </Flex>
  );
}

type Unmatched = ConsolidatedReport['unmatched'][number];

/** What a rule matched and did not cancel: both sides and the difference, posted to the unmatched lines. */
function UnmatchedTable({ report }: { report: ConsolidatedReport }) {
  const figure = (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{amount(value)}</span>;
  return (
    <section aria-label="Unmatched intercompany">
      <Typography.Title level={4}>Unmatched intercompany</Typography.Title>
      <Typography.Paragraph type="secondary">
        Intercompany amounts an elimination rule matched that do not cancel (a timing or currency difference), in{' '}
        {report.currency}. The difference stays in the consolidated figures as unmatched intercompany.
      </Typography.Paragraph>
      <Table<Unmatched>
        size="small"
        bordered
        rowKey={(row) => `${row.rule}|${row.memberA}|${row.memberB}`}
        pagination={false}
        dataSource={report.unmatched}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Rule', dataIndex: 'rule' },
          { title: 'Member A', dataIndex: 'memberA' },
          { title: 'Member B', dataIndex: 'memberB' },
          { title: 'Amount A', dataIndex: 'amountA', align: 'right', render: figure },
          { title: 'Amount B', dataIndex: 'amountB', align: 'right', render: figure },
          { title: 'Difference', dataIndex: 'difference', align: 'right', render: figure },
        ]}
      />
    </section>
  );
}
