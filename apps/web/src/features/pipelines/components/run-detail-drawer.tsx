import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Grid,
  Progress,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import { useState } from 'react';
import { DownloadOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  pipelineMessages,
  type PipelineProblem,
  type PipelineRunDetail,
  type PipelineRunStep,
} from '@finboard/shared/pipelines';
import { saveFile } from '../../../lib/save-file';
import { usePipelineRun } from '../api/get-pipeline-run';
import { useUndoRun } from '../api/undo-run';
import { failureText } from '../failure-text';
import { runProblemsCsv, runProblemsFileName } from '../problems-report';
import {
  canUndo,
  noProblemsText,
  overwriteConfirmation,
  refusedForEdits,
  undoConfirmation,
  undoneText,
} from '../run-changes';
import { formatDuration, runProgressPercent } from '../run-progress';
import { LOAD_MODE_LABELS, STEP_LABELS, STEP_STATUS_COLORS } from '../run-labels';
import { RunStatusTag } from './run-status-tag';

const when = (at: string | null | undefined) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : '—');

const stepPercent = (step: PipelineRunStep) => {
  if (step.status === 'done') return 100;
  if (step.total) return Math.min(100, Math.floor(((step.done ?? 0) / step.total) * 100));
  return 0;
};

const stepColumns: TableProps<PipelineRunStep>['columns'] = [
  { key: 'stage', title: 'Step', render: (_, step) => STEP_LABELS[step.stage] },
  {
    key: 'status',
    title: 'State',
    width: 100,
    render: (_, step) => <Tag color={STEP_STATUS_COLORS[step.status]}>{step.status}</Tag>,
  },
  {
    key: 'progress',
    title: 'Progress',
    width: 200,
    render: (_, step) => (
      <>
        <Progress
          size="small"
          aria-label={`Progress of ${STEP_LABELS[step.stage]}`}
          percent={stepPercent(step)}
          status={step.status === 'failed' ? 'exception' : step.status === 'running' ? 'active' : undefined}
        />
        {step.done !== undefined && (
          <Typography.Text type="secondary">
            {step.done.toLocaleString()}
            {step.total !== undefined && ` of ${step.total.toLocaleString()}`} rows
          </Typography.Text>
        )}
      </>
    ),
  },
];

/** Problems may repeat word for word (the same value on two lines of two files): keyed by position. */
type NumberedProblem = PipelineProblem & { number: number };

const problemColumns: TableProps<NumberedProblem>['columns'] = [
  { key: 'file', title: 'File', width: 150, render: (_, problem) => problem.file ?? '—' },
  { key: 'line', title: 'Line', width: 70, align: 'right', render: (_, problem) => problem.line ?? '—' },
  { key: 'column', title: 'Column', width: 120, render: (_, problem) => problem.column ?? '—' },
  { key: 'value', title: 'Value', width: 120, render: (_, problem) => problem.value ?? '—' },
  { key: 'problem', title: 'Problem', render: (_, problem) => problem.problem },
];

/**
 * One run: its outcome, what it did to the warehouse (rows added, removed, replaced, Studio edits
 * overwritten), its steps with their state and progress, and the problems that failed it; "Undo this load"
 * for a run that changed rows, and "Overwrite Studio edits and run again" for a run refused because of them.
 */
export function RunDetailDrawer(props: {
  runId: string | undefined;
  onClose: () => void;
  /** Runs the run's pipeline again with overwriteEdits (asked first here). */
  onOverwriteEdits: (run: PipelineRunDetail) => void;
  overwriting: boolean;
}) {
  const query = usePipelineRun(props.runId);
  // The whole width on phones (below antd's md), where 720 px would run off the screen.
  const narrow = Grid.useBreakpoint().md === false;
  const run = query.data;
  return (
    <Drawer
      title={run ? `Run of ${run.pipelineName}` : 'Pipeline run'}
      open={Boolean(props.runId)}
      onClose={props.onClose}
      size={narrow ? '100%' : 720}
    >
      {query.isLoading && <Spin />}
      {query.error && <Alert type="error" role="alert" showIcon title={query.error.message} />}
      {run && (
        <RunDetail
          key={run.id}
          run={run}
          narrow={narrow}
          onOverwriteEdits={props.onOverwriteEdits}
          overwriting={props.overwriting}
        />
      )}
    </Drawer>
  );
}

const count = (value: number) => value.toLocaleString();

function RunDetail(props: {
  run: PipelineRunDetail;
  narrow: boolean;
  onOverwriteEdits: (run: PipelineRunDetail) => void;
  overwriting: boolean;
}) {
  const { run, narrow } = props;
  const { message, modal } = App.useApp();
  const undo = useUndoRun();
  // The server's reason when the undo was refused (409: later work in the way), kept in the drawer.
  const [undoFailure, setUndoFailure] = useState<string>();
  const undone = undoneText(run);

  const confirmUndo = () => {
    const { title, lines } = undoConfirmation(run);
    modal.confirm({
      title,
      content: lines.map((line) => <p key={line}>{line}</p>),
      okText: 'Undo this load',
      okButtonProps: { danger: true },
      width: 560,
      onOk: () => {
        setUndoFailure(undefined);
        return undo
          .mutateAsync(run.id)
          .then(({ message: said }) => void message.success(said))
          .catch((error: Error & { status?: number }) => {
            const text = failureText(error, pipelineMessages.runFailed);
            setUndoFailure(text);
            void message.error(text);
          });
      },
    });
  };

  const confirmOverwrite = () => {
    const { title, lines } = overwriteConfirmation(run.pipelineName, run.error);
    modal.confirm({
      title,
      content: lines.map((line) => <p key={line}>{line}</p>),
      okText: 'Overwrite Studio edits and run again',
      okButtonProps: { danger: true },
      width: 560,
      onOk: () => props.onOverwriteEdits(run),
    });
  };

  return (
    <>
      <Descriptions
        size="small"
        column={narrow ? 1 : 2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'status', label: 'Status', children: <RunStatusTag status={run.status} /> },
          { key: 'runBy', label: 'Run by', children: run.runBy ?? '—' },
          { key: 'queuedAt', label: 'Queued', children: when(run.queuedAt) },
          { key: 'startedAt', label: 'Started', children: when(run.startedAt) },
          { key: 'finishedAt', label: 'Finished', children: when(run.finishedAt) },
          { key: 'duration', label: 'Duration', children: formatDuration(run.durationMs) },
          { key: 'mode', label: 'Load', children: LOAD_MODE_LABELS[run.mode] },
          { key: 'files', label: 'Files', children: count(run.filesProcessed) },
          { key: 'rowsRead', label: 'Rows read', children: count(run.rowsRead) },
          { key: 'rowsLoaded', label: 'Rows loaded', children: count(run.rowsLoaded) },
          { key: 'rowsRejected', label: 'Rows rejected', children: count(run.rowsRejected) },
          { key: 'rowsAdded', label: 'Added', children: count(run.rowsAdded) },
          { key: 'rowsRemoved', label: 'Removed', children: count(run.rowsRemoved) },
          { key: 'rowsReplaced', label: 'Replaced', children: count(run.rowsReplaced) },
          { key: 'editsOverwritten', label: 'Studio edits overwritten', children: count(run.editsOverwritten) },
        ]}
      />
      <Progress
        aria-label={`Progress of ${run.pipelineName}`}
        percent={runProgressPercent(run)}
        status={run.status === 'failed' ? 'exception' : run.status === 'succeeded' ? 'success' : 'active'}
        style={{ marginBottom: 16 }}
      />
      {undone && <Alert type="info" showIcon title={undone} style={{ marginBottom: 16 }} />}
      {run.error && <Alert type="error" role="alert" showIcon title={run.error} style={{ marginBottom: 16 }} />}
      {undoFailure && (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={undoFailure}
          closable={{ onClose: () => setUndoFailure(undefined), 'aria-label': 'Dismiss' }}
          style={{ marginBottom: 16 }}
        />
      )}
      {(canUndo(run) || refusedForEdits(run)) && (
        <Space wrap style={{ marginBottom: 16 }}>
          {canUndo(run) && (
            <Button icon={<UndoOutlined />} danger loading={undo.isPending} onClick={confirmUndo}>
              Undo this load
            </Button>
          )}
          {refusedForEdits(run) && (
            <Button icon={<RedoOutlined />} danger loading={props.overwriting} onClick={confirmOverwrite}>
              Overwrite Studio edits and run again
            </Button>
          )}
        </Space>
      )}
      {run.overwritten.length > 0 && (
        <>
          <Typography.Title level={5}>Studio edits overwritten</Typography.Title>
          <ul aria-label="Studio edits overwritten" style={{ marginBottom: 24, paddingInlineStart: 20 }}>
            {run.overwritten.map((edit) => (
              <li key={edit}>{edit}</li>
            ))}
          </ul>
        </>
      )}
      <Typography.Title level={5}>Steps</Typography.Title>
      <Table<PipelineRunStep>
        rowKey="stage"
        size="small"
        columns={stepColumns}
        dataSource={run.steps}
        pagination={false}
        style={{ marginBottom: 24 }}
      />
      <Typography.Title level={5}>Problems</Typography.Title>
      {run.problems.length === 0 ? (
        <Empty description={noProblemsText(run)} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          <Button
            icon={<DownloadOutlined />}
            style={{ marginBottom: 12 }}
            onClick={() =>
              saveFile(
                new Blob([runProblemsCsv(run.problems)], { type: 'text/csv;charset=utf-8' }),
                runProblemsFileName(run.pipelineName, run.id),
              )
            }
          >
            Download problems (CSV)
          </Button>
          <Table<NumberedProblem>
            rowKey="number"
            size="small"
            columns={problemColumns}
            dataSource={run.problems.map((problem, index) => ({ ...problem, number: index }))}
            tableLayout="fixed"
            scroll={{ x: 640 }}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          />
        </>
      )}
    </>
  );
}
