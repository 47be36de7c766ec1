import { Alert, Button, Card, Flex, List, Progress, Space, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PipelineRunDetail } from '@finboard/shared/pipelines';
import { currentStep, runProgressPercent } from '../run-progress';
import { STEP_LABELS } from '../run-labels';
import { RunStatusTag } from './run-status-tag';

const PROGRESS_STATUS = { queued: 'normal', running: 'active', succeeded: 'success', failed: 'exception' } as const;

/** The runs queued from this page, each with a live progress bar, and what the last click came to. */
export function CurrentRuns(props: {
  runs: { runId: string; query: UseQueryResult<PipelineRunDetail> }[];
  onOpen: (runId: string) => void;
  onClear: () => void;
}) {
  if (props.runs.length === 0) return null;
  return (
    <Card
      title="Current runs"
      size="small"
      style={{ marginBottom: 16 }}
      extra={
        <Button size="small" onClick={props.onClear}>
          Clear
        </Button>
      }
    >
      <List
        dataSource={props.runs}
        rowKey="runId"
        renderItem={({ runId, query }) => {
          const run = query.data;
          if (!run) {
            return (
              <List.Item>
                {query.error ? (
                  <Alert type="error" showIcon title={query.error.message} />
                ) : (
                  <Typography.Text type="secondary">Loading the run…</Typography.Text>
                )}
              </List.Item>
            );
          }
          const step = currentStep(run);
          return (
            <List.Item
              aria-label={`Run of ${run.pipelineName}`}
              actions={[
                <Button key="details" type="link" onClick={() => props.onOpen(runId)}>
                  Details
                </Button>,
              ]}
            >
              <Flex vertical gap={2} style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Text strong>{run.pipelineName}</Typography.Text>
                  <RunStatusTag status={run.status} />
                  {step && <Typography.Text type="secondary">{STEP_LABELS[step]}</Typography.Text>}
                </Space>
                <Progress
                  aria-label={`Progress of ${run.pipelineName}`}
                  percent={runProgressPercent(run)}
                  status={PROGRESS_STATUS[run.status]}
                />
                {run.error && <Typography.Text type="danger">{run.error}</Typography.Text>}
              </Flex>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
