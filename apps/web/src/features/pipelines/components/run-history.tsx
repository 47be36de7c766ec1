import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import type { PipelineRun } from '@finboard/shared/pipelines';
import { usePipelineRuns, type PipelineRunListQuery } from '../api/get-pipeline-runs';
import { formatDuration } from '../run-progress';
import { undoneText } from '../run-changes';
import type { RunFilters } from '../run-filters';
import { FilterPipelines } from './filter-pipelines';
import { RunStatusTag } from './run-status-tag';

const INITIAL_QUERY: PipelineRunListQuery = { name: undefined, page: 1, pageSize: 20 };

const when = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : '—');
const count = (value: number) => value.toLocaleString();

/** The run history, newest first, one page at a time from the server; a row opens the run's details. */
export function RunHistory(props: { organizationId: string; onOpen: (runId: string) => void }) {
  const [query, setQuery] = useState(INITIAL_QUERY);
  const runs = usePipelineRuns(props.organizationId, query);
  const applyFilters = (filters: RunFilters) => setQuery({ ...query, ...filters, page: 1 });

  const columns: TableProps<PipelineRun>['columns'] = [
    {
      key: 'pipelineName',
      title: 'Pipeline',
      width: 170,
      fixed: 'left',
      // A button, so the details open from the keyboard too (the whole row answers a click).
      render: (_, run) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
          aria-label={`Details of the ${run.pipelineName} run queued ${when(run.queuedAt)}`}
          onClick={(event) => {
            event.stopPropagation();
            props.onOpen(run.id);
          }}
        >
          {run.pipelineName}
        </Button>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      width: 120,
      render: (_, run) => {
        const undone = undoneText(run);
        return (
          <Flex gap={4} wrap>
            <RunStatusTag status={run.status} />
            {undone && (
              <Tooltip title={undone}>
                <Tag aria-label={undone}>undone</Tag>
              </Tooltip>
            )}
          </Flex>
        );
      },
    },
    { key: 'startedAt', title: 'Started', width: 170, render: (_, run) => when(run.startedAt) },
    { key: 'finishedAt', title: 'Finished', width: 170, render: (_, run) => when(run.finishedAt) },
    { key: 'duration', title: 'Duration', width: 110, render: (_, run) => formatDuration(run.durationMs) },
    { key: 'files', title: 'Files', width: 70, align: 'right', render: (_, run) => count(run.filesProcessed) },
    { key: 'rowsRead', title: 'Rows read', width: 100, align: 'right', render: (_, run) => count(run.rowsRead) },
    { key: 'rowsLoaded', title: 'Loaded', width: 100, align: 'right', render: (_, run) => count(run.rowsLoaded) },
    { key: 'rowsRejected', title: 'Rejected', width: 100, align: 'right', render: (_, run) => count(run.rowsRejected) },
    // What the load did to the warehouse: a row removed or overwritten is never silent.
    { key: 'rowsAdded', title: 'Added', width: 90, align: 'right', render: (_, run) => count(run.rowsAdded) },
    { key: 'rowsRemoved', title: 'Removed', width: 100, align: 'right', render: (_, run) => count(run.rowsRemoved) },
    { key: 'rowsReplaced', title: 'Replaced', width: 100, align: 'right', render: (_, run) => count(run.rowsReplaced) },
    {
      key: 'editsOverwritten',
      title: 'Studio edits overwritten',
      width: 130,
      align: 'right',
      render: (_, run) => count(run.editsOverwritten),
    },
    { key: 'runBy', title: 'Run by', width: 160, render: (_, run) => run.runBy ?? '—' },
    {
      key: 'error',
      title: 'Error',
      render: (_, run) =>
        run.error ? (
          <Typography.Paragraph type="danger" ellipsis={{ rows: 2, tooltip: run.error }} style={{ margin: 0 }}>
            {run.error}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Card title="Run history" size="small">
      <FilterPipelines key={props.organizationId} onApply={applyFilters} />
      {runs.error && (
        <Alert type="error" role="alert" showIcon title={runs.error.message} style={{ marginBottom: 16 }} />
      )}
      <Table<PipelineRun>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={runs.data?.runs ?? []}
        loading={runs.isLoading || (runs.isFetching && runs.isPlaceholderData)}
        onRow={(run) => ({ onClick: () => props.onOpen(run.id), style: { cursor: 'pointer' } })}
        tableLayout="fixed"
        scroll={{ x: 1940 }}
        onChange={(pagination) =>
          setQuery({
            ...query,
            pageSize: pagination.pageSize ?? query.pageSize,
            page: pagination.pageSize !== query.pageSize ? 1 : (pagination.current ?? 1),
          })
        }
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: runs.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `${total} run${total === 1 ? '' : 's'}`,
        }}
        locale={{ emptyText: <Empty description="No pipeline runs match these filters" /> }}
      />
    </Card>
  );
}
