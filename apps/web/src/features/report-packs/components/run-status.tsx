import { Flex, Progress, Tag, Typography } from 'antd';
import type { PackRun } from '@finboard/shared/report-packs';
import { isActiveRun, RUN_STATUS_COLOURS, RUN_STATUS_LABELS } from '../run-labels';

/** A run's status: its tag, its progress while under way, and why it failed or was held. */
export function RunStatus({ run }: { run: Pick<PackRun, 'status' | 'progress' | 'message'> }) {
  return (
    <Flex vertical gap={2}>
      <span>
        <Tag color={RUN_STATUS_COLOURS[run.status]}>{RUN_STATUS_LABELS[run.status]}</Tag>
      </span>
      {isActiveRun(run) && <Progress percent={run.progress} size="small" style={{ width: 120 }} />}
      {run.message && (
        <Typography.Text type={run.status === 'failed' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {run.message}
        </Typography.Text>
      )}
    </Flex>
  );
}
