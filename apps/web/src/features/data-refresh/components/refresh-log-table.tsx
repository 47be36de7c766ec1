import { Button, Table, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { RefreshLog } from '@finboard/shared/data-refresh';
import { formatDuration, STATUS_LABELS } from '../refresh-format';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The refreshes, newest first; a Power BI dataset can be refreshed again from its row. */
export function RefreshLogTable(props: {
  logs: RefreshLog[];
  loading: boolean;
  refreshing: string | undefined;
  onRefresh: (log: RefreshLog) => void;
}) {
  return (
    <Table<RefreshLog>
      rowKey="id"
      size="middle"
      scroll={{ x: 960 }}
      loading={props.loading}
      dataSource={props.logs}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: 'No refreshes yet. Use Refresh All to refresh the dashboards’ data.' }}
      columns={[
        { title: 'Report Name', dataIndex: 'report_name' },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: RefreshLog['status']) => (
            <Tag color={STATUS_LABELS[status].color}>{STATUS_LABELS[status].text}</Tag>
          ),
        },
        { title: 'Duration', dataIndex: 'duration', render: (seconds: number | null) => formatDuration(seconds) },
        {
          title: 'Last Refresh Date',
          dataIndex: 'last_refresh_date',
          render: (value: string) => dateTime.format(new Date(value)),
        },
        {
          title: 'Dataset',
          key: 'dataset',
          render: (_, log) =>
            log.kind === 'builtin' ? (
              'Built-in'
            ) : (
              <Tooltip title={`Workspace ${log.workspace_id}`}>
                <Typography.Text code>{log.dataset_id}</Typography.Text>
              </Tooltip>
            ),
        },
        {
          title: 'Error',
          dataIndex: 'error_message',
          render: (text: string | null) => (text ? <Typography.Text type="danger">{text}</Typography.Text> : '—'),
        },
        {
          title: 'Action',
          key: 'action',
          render: (_, log) =>
            log.kind === 'powerbi' && log.workspace_id && log.dataset_id ? (
              <Button
                size="small"
                icon={<ReloadOutlined />}
                loading={props.refreshing === log.id}
                aria-label={`Refresh ${log.report_name}`}
                onClick={() => props.onRefresh(log)}
              >
                Refresh
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
