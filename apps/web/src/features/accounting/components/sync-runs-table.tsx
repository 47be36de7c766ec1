import { Table, Tag, Typography } from 'antd';
import { ACCOUNTING_SYSTEM_NAMES, SYNC_RUN_STATUS_LABELS, type SyncRun } from '@finboard/shared/accounting';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const COLORS: Partial<Record<SyncRun['status'], string>> = {
  completed: 'green',
  no_data: 'default',
  in_progress: 'processing',
  started: 'processing',
  retry: 'gold',
  rate_limit_exceeded: 'gold',
  partial_success: 'gold',
};

/** The syncs of every system, newest first, with their state and message. */
export function SyncRunsTable(props: { runs: SyncRun[]; loading: boolean }) {
  return (
    <Table<SyncRun>
      rowKey="id"
      size="middle"
      scroll={{ x: 900 }}
      loading={props.loading}
      dataSource={props.runs}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: 'No syncs yet. Connect a system, then use Sync now.' }}
      columns={[
        {
          title: 'System',
          dataIndex: 'system',
          render: (system: SyncRun['system']) => ACCOUNTING_SYSTEM_NAMES[system],
        },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: SyncRun['status']) => (
            <Tag color={COLORS[status] ?? 'red'}>{SYNC_RUN_STATUS_LABELS[status]}</Tag>
          ),
        },
        {
          title: 'Message',
          dataIndex: 'message',
          render: (message: string) => <Typography.Text>{message}</Typography.Text>,
        },
        { title: 'Accounts', dataIndex: 'accountsSynced', align: 'right' },
        { title: 'Lines', dataIndex: 'linesSynced', align: 'right' },
        {
          title: 'Started',
          dataIndex: 'startedAt',
          render: (value: string | null, run) => dateTime.format(new Date(value ?? run.queuedAt)),
        },
        {
          title: 'Finished',
          dataIndex: 'finishedAt',
          render: (value: string | null) => (value ? dateTime.format(new Date(value)) : '—'),
        },
      ]}
    />
  );
}
