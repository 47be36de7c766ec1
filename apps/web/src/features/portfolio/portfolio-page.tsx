import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Empty, Flex, Input, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import {
  FAILED_SYNC_STATUSES,
  PORTFOLIO_FLAG_LABELS,
  PORTFOLIO_FLAGS,
  type PortfolioFlag,
  type PortfolioOrganization,
  type PortfolioSort,
} from '@finboard/shared/portfolio';
import { formatValue } from '@finboard/shared/report-format';
import { withOrganization } from '../../lib/organization-link';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePortfolio, type PortfolioListQuery } from './api/get-portfolio';
import { Sparkline } from './components/sparkline';
import {
  antdSortOrderOf,
  FLAG_COLOURS,
  paramsFromPortfolioState,
  periodLabel,
  portfolioStateFromParams,
  sortFromAntd,
  timeAgo,
} from './portfolio-params';
import { serverTableChange } from '../../lib/table-query';

const FLAG_HELP: Record<PortfolioFlag, string> = {
  noData: 'No ledger lines at all',
  stale: 'No ledger lines for the last closed month',
  runFailed: 'The last pipeline run failed',
  syncFailed: 'The last accounting sync failed',
  tieOutDifference: 'The last report pack was held: the trial balance does not tie out with the ledger',
};

const amount = (value: number | null) => (value === null ? '—' : formatValue(value, 'amount'));

/** A run's or sync's status and how long ago it was. */
function LastEvent({ event }: { event: { status: string; at: string } | null }) {
  if (!event) return <Typography.Text type="secondary">Never</Typography.Text>;
  const failed = (FAILED_SYNC_STATUSES as readonly string[]).includes(event.status);
  return (
    <Space size={4} wrap={false}>
      <Tag color={failed ? 'red' : event.status === 'succeeded' || event.status === 'completed' ? 'green' : 'default'}>
        {event.status.replaceAll('_', ' ')}
      </Tag>
      <Tooltip title={new Date(event.at).toLocaleString()}>
        <span>{timeAgo(event.at)}</span>
      </Tooltip>
    </Space>
  );
}

/**
 * The administrator's landing page: every client organization with its latest figures, the state of its loads,
 * syncs and packs, and what needs a look — sorted, filtered and paged on the server.
 */
export default function PortfolioPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = portfolioStateFromParams(searchParams);
  const portfolio = usePortfolio(state);
  const change = (patch: Partial<PortfolioListQuery>) =>
    setSearchParams(paramsFromPortfolioState({ ...state, ...patch }));

  // The name filter asks the server once typing pauses.
  const [typed, setTyped] = useState(state.name ?? '');
  const settled = useDebouncedValue(typed.trim(), 300);
  useEffect(() => {
    if ((settled || undefined) !== state.name) change({ name: settled || undefined, page: 1 });
    // Only a settled name changes the URL; the URL's own changes do not retype the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const sortable = (sort: PortfolioSort) => ({
    key: sort,
    sorter: true,
    sortOrder: antdSortOrderOf(state, sort),
    sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[],
  });
  const money = (title: string, sort: PortfolioSort, pick: (row: PortfolioOrganization) => number | null) => ({
    title,
    align: 'right' as const,
    ...sortable(sort),
    render: (_: unknown, row: PortfolioOrganization) => amount(pick(row)),
  });

  const columns: TableColumnsType<PortfolioOrganization> = [
    {
      title: 'Organization',
      dataIndex: 'name',
      ...sortable('name'),
      fixed: 'left',
      render: (name: string, row) => (
        <Link to={withOrganization('/dashboard', row.id)} aria-label={`${name}: open its statements`}>
          {name}
        </Link>
      ),
    },
    {
      title: 'Flags',
      key: 'flags',
      render: (_, row) =>
        row.flags.length === 0 ? (
          <Tag color="green">Current</Tag>
        ) : (
          <Space size={4} wrap>
            {row.flags.map((flag) => (
              <Tooltip key={flag} title={FLAG_HELP[flag]}>
                <Tag color={FLAG_COLOURS[flag]}>{PORTFOLIO_FLAG_LABELS[flag]}</Tag>
              </Tooltip>
            ))}
          </Space>
        ),
    },
    { title: 'Currency', dataIndex: 'baseCurrency', key: 'currency' },
    {
      title: 'Latest period',
      dataIndex: 'latestPeriod',
      ...sortable('latestPeriod'),
      render: (period: string | null) => (period ? periodLabel(period) : '—'),
    },
    money('Revenue (month)', 'revenueLatestMonth', (row) => row.revenueLatestMonth),
    money('Net income (month)', 'netIncomeLatestMonth', (row) => row.netIncomeLatestMonth),
    money('Revenue (YTD)', 'revenueYtd', (row) => row.revenueYtd),
    money('Net income (YTD)', 'netIncomeYtd', (row) => row.netIncomeYtd),
    money('Cash', 'cashLatest', (row) => row.cashLatest),
    {
      title: '12 months',
      key: 'sparkline',
      render: (_, row) => <Sparkline points={row.sparkline} currency={row.baseCurrency} />,
    },
    { title: 'Last run', ...sortable('lastRunAt'), render: (_, row) => <LastEvent event={row.lastRun} /> },
    { title: 'Last sync', ...sortable('lastSyncAt'), render: (_, row) => <LastEvent event={row.lastSync} /> },
    {
      title: 'Last pack sent',
      ...sortable('lastPackSentAt'),
      render: (_, row) =>
        row.lastPackSentAt ? (
          <Tooltip title={new Date(row.lastPackSentAt).toLocaleString()}>
            <span>{timeAgo(row.lastPackSentAt)}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">Never</Typography.Text>
        ),
    },
  ];

  const filtered = Boolean(state.name || state.flag);
  return (
    <>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Portfolio
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Every client with its latest month, its year to date and what needs a look. Amounts are in each organization’s
        own currency.
      </Typography.Paragraph>

      <Flex gap={16} wrap style={{ margin: '16px 0' }}>
        <Input.Search
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(value) => setTyped(value)}
          placeholder="Filter by name"
          aria-label="Filter organizations by name"
          allowClear
          maxLength={200}
          style={{ maxWidth: 320 }}
        />
        <Select<PortfolioFlag>
          value={state.flag}
          onChange={(flag) => change({ flag, page: 1 })}
          allowClear
          placeholder="Any flag"
          aria-label="Show organizations with this flag"
          style={{ minWidth: 220 }}
          options={PORTFOLIO_FLAGS.map((flag) => ({ value: flag, label: PORTFOLIO_FLAG_LABELS[flag] }))}
        />
      </Flex>

      {portfolio.error && (
        <Alert type="error" role="alert" showIcon title={portfolio.error.message} style={{ marginBottom: 16 }} />
      )}

      <Table<PortfolioOrganization>
        rowKey="id"
        columns={columns}
        dataSource={portfolio.data?.organizations ?? []}
        loading={portfolio.isFetching}
        locale={{
          emptyText: <Empty description={filtered ? 'No organizations match these filters' : 'No organizations yet'} />,
        }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: portfolio.data?.pagination.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `${total} organizations`,
        }}
        onChange={serverTableChange(state, change, sortFromAntd)}
      />
    </>
  );
}
