import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Drawer, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { GlLine, ReportDrill } from '@finboard/shared/reports';
import { accountLabel } from '@finboard/shared/reports';
import { DRAWER_WIDTH } from '@finboard/shared/constants';
import { useGlLines } from '../api/get-gl-lines';
import { formatValue } from '../report-format';
import { studioHrefOfDrill } from '../studio-link';

const amount = (value: number) => formatValue(value, 'amount');

const columns: ColumnsType<GlLine> = [
  { key: 'posting_date', dataIndex: 'posting_date', title: 'Date', width: 110 },
  { key: 'journal_id', dataIndex: 'journal_id', title: 'Journal', render: (v: string, r) => `${v}/${r.line_no}` },
  {
    key: 'account_code',
    dataIndex: 'account_code',
    title: 'Account',
    render: (code: string, row) => accountLabel(code, row.account_name),
  },
  { key: 'description', dataIndex: 'description', title: 'Description', ellipsis: true },
  { key: 'entity', dataIndex: 'entity', title: 'Entity' },
  { key: 'department', dataIndex: 'department', title: 'Department' },
  { key: 'counterparty', dataIndex: 'counterparty', title: 'Counterparty' },
  { key: 'debit', dataIndex: 'debit', title: 'Debit', align: 'right', render: amount },
  { key: 'credit', dataIndex: 'credit', title: 'Credit', align: 'right', render: amount },
];

/** What a drill stands for, in words: "Account 4000 · 2025-01 to 2025-03 · US". */
const scopeOf = (drill: ReportDrill) =>
  [
    drill.accountCode && `Account ${drill.accountCode}`,
    drill.accountSubtype ?? drill.accountType,
    drill.counterparty,
    drill.from === drill.to ? drill.from : `${drill.from} to ${drill.to}`,
    drill.entity,
    drill.department,
  ]
    .filter(Boolean)
    .join(' · ');

/** The GL lines behind a figure, paged on the server, with the debit and credit of all of them. */
export function GlLinesDrawer(props: {
  organizationId: string;
  drill: ReportDrill | undefined;
  onClose: () => void;
  /** An administrator's organization, which the Studio link must name. */
  studioOrganization?: string;
}) {
  const { organizationId, drill } = props;
  const [paging, setPaging] = useState({ page: 1, pageSize: 50, for: drill });
  // A new figure starts again at its first page.
  const { page, pageSize } = paging.for === drill ? paging : { page: 1, pageSize: paging.pageSize };
  const lines = useGlLines(organizationId, drill, page, pageSize);
  const data = lines.data;
  return (
    <Drawer
      title="GL lines"
      placement="right"
      size={`min(${DRAWER_WIDTH * 2.5}px, 100vw)`}
      open={drill !== undefined}
      onClose={props.onClose}
      destroyOnHidden
    >
      {drill && (
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">{scopeOf(drill)}</Typography.Text>
            <Link to={studioHrefOfDrill(drill, props.studioOrganization)}>Open in Data Management Studio</Link>
          </Flex>
          {lines.isError && <Alert type="error" showIcon message={lines.error.message} />}
          <Table<GlLine>
            size="small"
            rowKey="row_id"
            columns={columns}
            dataSource={data?.rows ?? []}
            loading={lines.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'No GL lines' }}
            pagination={{
              current: page,
              pageSize,
              total: data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [25, 50, 100, 200],
              showTotal: (total) => `${total} lines`,
              onChange: (nextPage, nextSize) => setPaging({ page: nextPage, pageSize: nextSize, for: drill }),
            }}
            summary={() =>
              data ? (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={7}>
                      <Typography.Text strong>Total of {data.total} lines</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={7} align="right">
                      <Typography.Text strong>{amount(data.debit)}</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={8} align="right">
                      <Typography.Text strong>{amount(data.credit)}</Typography.Text>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                </Table.Summary>
              ) : null
            }
          />
        </Flex>
      )}
    </Drawer>
  );
}
