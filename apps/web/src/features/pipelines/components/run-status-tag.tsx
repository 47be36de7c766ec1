import { Tag } from 'antd';
import type { PipelineRunStatus } from '@finboard/shared/pipelines';
import { RUN_STATUS_COLORS } from '../run-labels';

export const RunStatusTag = ({ status }: { status: PipelineRunStatus }) => (
  <Tag color={RUN_STATUS_COLORS[status]}>{status}</Tag>
);
