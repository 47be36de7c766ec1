import { Alert, Button, Card, Empty, Grid, Table, Tag, Typography, type TableProps } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { pipelineMessages, type AvailablePipeline } from '@finboard/shared/pipelines';
import { displayTableName } from '@finboard/shared/warehouse';
import { useAvailablePipelines } from '../api/get-available-pipelines';
import { failureText } from '../failure-text';

/**
 * The organization's pipelines, one per data type, with the files waiting for each and a 'Run Pipeline'
 * of its own; the card's 'Run Pipeline' runs every one with files waiting.
 */
export function AvailablePipelines(props: {
  organizationId: string;
  running: boolean;
  onRun: (pipeline?: AvailablePipeline) => void;
}) {
  const available = useAvailablePipelines(props.organizationId);
  // On a phone each Run button says Run: its name (for screen readers and tests) stays "Run Pipeline …".
  const wide = Grid.useBreakpoint().sm ?? true;
  const columns: TableProps<AvailablePipeline>['columns'] = [
    {
      key: 'name',
      title: 'Pipeline',
      render: (_, pipeline) => (
        <>
          <Typography.Text strong>{pipeline.name}</Typography.Text>
          {pipeline.isGlDetail && (
            <Tag color="purple" style={{ marginInlineStart: 8 }}>
              GL
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'targetTable',
      title: 'Target table',
      // On a phone the pending files and the Run button come first: the table's name is in the pipeline's.
      responsive: ['sm'],
      render: (_, pipeline) => displayTableName(pipeline.targetTable),
    },
    {
      key: 'pendingFiles',
      title: 'Pending files',
      width: 90,
      align: 'right',
      render: (_, pipeline) => (
        <Typography.Text strong={pipeline.pendingFiles > 0} type={pipeline.pendingFiles > 0 ? undefined : 'secondary'}>
          {pipeline.pendingFiles}
        </Typography.Text>
      ),
    },
    {
      key: 'run',
      title: 'Actions',
      render: (_, pipeline) => (
        <Button
          icon={<PlayCircleOutlined />}
          aria-label={`Run Pipeline ${pipeline.name}`}
          disabled={props.running}
          onClick={() => props.onRun(pipeline)}
        >
          {wide ? 'Run Pipeline' : 'Run'}
        </Button>
      ),
    },
  ];
  const pending = available.data?.reduce((sum, pipeline) => sum + pipeline.pendingFiles, 0) ?? 0;
  return (
    <Card
      title="Available pipelines"
      size="small"
      style={{ marginBottom: 16 }}
      extra={
        <Button
          type="primary"
          icon={<PlayCircleOutlined />}
          aria-label="Run Pipeline: every pipeline with files waiting"
          loading={props.running}
          disabled={!available.data}
          onClick={() => props.onRun()}
        >
          Run Pipeline
        </Button>
      }
    >
      {available.error && (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={failureText(available.error, pipelineMessages.fetchAvailableFailed)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<AvailablePipeline>
        rowKey="dataTypeId"
        size="small"
        columns={columns}
        dataSource={available.data ?? []}
        loading={available.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        footer={available.data ? () => `${pending} file${pending === 1 ? '' : 's'} waiting in all` : undefined}
        locale={{ emptyText: <Empty description="No pipelines: add a data type in the Data Type Master" /> }}
      />
    </Card>
  );
}
