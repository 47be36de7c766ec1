import { useCallback, useState, type ReactNode } from 'react';
import { Alert, App, Result, Typography } from 'antd';
import {
  pipelineMessages,
  type AvailablePipeline,
  type PipelineRunDetail,
  type RunPipelineQuery,
} from '@finboard/shared/pipelines';
import { AdminOrganizationPicker } from '../../components/organization-select';
import { usePageOrganization } from '../../lib/page-organization';
import { useRunPipeline } from './api/run-pipeline';
import { failureText } from './failure-text';
import { AvailablePipelines } from './components/available-pipelines';
import { CurrentRuns } from './components/current-runs';
import { RunDetailDrawer } from './components/run-detail-drawer';
import { RunHistory } from './components/run-history';
import { useRunActions, type RunOutcome } from './use-run-actions';

type Notice = { type: 'success' | 'error' | 'info'; message: string };

/**
 * Pipelines, the organization user's landing page: run the organization's pipelines on the files uploaded
 * for them, watch each run, and read the history. Admins pick the organization first. `gettingStarted` is
 * the getting-started feature's checklist (composed by the app shell), shown above the pipelines.
 */
export default function PipelinesPage(props: { gettingStarted?: (organizationId: string) => ReactNode }) {
  const { message } = App.useApp();
  const {
    isAdmin,
    organizationId,
    picked: pickedOrganization,
    setPicked: setPickedOrganization,
  } = usePageOrganization();
  const [openRunId, setOpenRunId] = useState<string>();
  // The last outcome stays on the page (a toast alone is gone in seconds).
  const [notice, setNotice] = useState<Notice>();
  const run = useRunPipeline();

  const onOutcome = useCallback(
    (outcome: RunOutcome) => {
      setNotice({ type: outcome.ok ? 'success' : 'error', message: outcome.message });
      void (outcome.ok ? message.success(outcome.message) : message.error(outcome.message));
    },
    [message],
  );
  const actions = useRunActions(onOutcome);

  /** Run Pipeline with `query`; `onQueued` hears the runs queued (none: nothing was waiting). */
  const queue = (query: RunPipelineQuery, onQueued?: (runIds: string[]) => void) => {
    if (!organizationId) return;
    setNotice(undefined);
    run.mutate(
      { organizationId, query },
      {
        onSuccess: (runIds) => {
          if (runIds.length === 0) {
            setNotice({ type: 'info', message: pipelineMessages.noFiles });
            void message.info(pipelineMessages.noFiles);
            return;
          }
          actions.track(runIds);
          onQueued?.(runIds);
        },
        onError: (error) => {
          const text = failureText(error, pipelineMessages.runFailed);
          setNotice({ type: 'error', message: text });
          void message.error(text);
        },
      },
    );
  };

  const onRun = (pipeline?: AvailablePipeline) =>
    queue(pipeline ? { pipelineName: pipeline.name, is_glDetail: pipeline.isGlDetail ? 'true' : 'false' } : {});

  // The files of a run refused for Studio edits wait: the same pipeline runs them again, overwriting the edits,
  // and the drawer follows the new run (which lists the edits it overwrote).
  const onOverwriteEdits = (refused: PipelineRunDetail) =>
    queue(
      {
        pipelineName: refused.pipelineName,
        overwriteEdits: 'true',
        ...(refused.mode === 'replace-periods' && { mode: 'replace-periods' as const }),
      },
      ([runId]) => setOpenRunId(runId),
    );

  return (
    <>
      <Typography.Title level={2}>Pipelines</Typography.Title>
      {isAdmin && (
        <AdminOrganizationPicker
          value={pickedOrganization}
          onChange={(id) => {
            setPickedOrganization(id);
            setNotice(undefined);
            setOpenRunId(undefined);
            actions.clear();
          }}
        />
      )}
      {!organizationId ? (
        isAdmin && <Result status="info" title={pipelineMessages.organizationRequired} />
      ) : (
        <>
          {notice && (
            <Alert
              type={notice.type}
              role={notice.type === 'error' ? 'alert' : 'status'}
              showIcon
              closable={{ onClose: () => setNotice(undefined), 'aria-label': 'Dismiss' }}
              title={notice.message}
              style={{ marginBottom: 16 }}
            />
          )}
          {props.gettingStarted?.(organizationId)}
          <AvailablePipelines organizationId={organizationId} running={run.isPending} onRun={onRun} />
          <CurrentRuns runs={actions.runs} onOpen={setOpenRunId} onClear={actions.clear} />
          <RunHistory key={organizationId} organizationId={organizationId} onOpen={setOpenRunId} />
          <RunDetailDrawer
            runId={openRunId}
            onClose={() => setOpenRunId(undefined)}
            onOverwriteEdits={onOverwriteEdits}
            overwriting={run.isPending}
          />
        </>
      )}
    </>
  );
}
