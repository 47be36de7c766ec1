import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PipelineRunStatus } from '@finboard/shared/pipelines';
import { pipelinesQueryKey } from './api/pipelines-urls';
import { usePipelineRunsById } from './api/get-pipeline-run';
import { actionOutcome } from './run-progress';

interface RunAction {
  id: string;
  runIds: string[];
}

export type RunOutcome = NonNullable<ReturnType<typeof actionOutcome>>;

/**
 * The Run Pipeline clicks of this visit and their runs, polled while under way. When every run of a
 * click is over, `onOutcome` hears once what it came to, and the available pipelines and history refresh.
 */
export function useRunActions(onOutcome: (outcome: RunOutcome) => void) {
  const queryClient = useQueryClient();
  const [actions, setActions] = useState<RunAction[]>([]);
  // What was said already is no part of what is shown: a ref, so reporting does not render again.
  const reported = useRef(new Set<string>());
  const runIds = actions.flatMap((action) => action.runIds);
  const runs = usePipelineRunsById(runIds);
  const statusById = new Map(runIds.map((runId, index) => [runId, runs[index]?.data?.status]));

  // Clicks whose runs are all over.
  const over = actions.flatMap((action) => {
    const statuses = action.runIds.map((runId) => statusById.get(runId));
    if (statuses.some((status) => status === undefined)) return [];
    const outcome = actionOutcome(statuses as PipelineRunStatus[]);
    return outcome ? [{ id: action.id, outcome }] : [];
  });
  const overKey = over.map(({ id }) => id).join(',');

  const reportOver = useEffectEvent(() => {
    const fresh = over.filter(({ id }) => !reported.current.has(id));
    if (fresh.length === 0) return;
    for (const { id, outcome } of fresh) {
      reported.current.add(id);
      onOutcome(outcome);
    }
    // Pending files and the history's rows changed; the runs' own queries are current already.
    void queryClient.invalidateQueries({
      queryKey: pipelinesQueryKey,
      predicate: (query) => query.queryKey[1] !== 'run',
    });
  });
  useEffect(() => {
    if (overKey !== '') reportOver();
  }, [overKey]);

  return {
    /** The runs of this visit, newest click first, with their latest state. */
    runs: runIds.map((runId, index) => ({ runId, query: runs[index]! })).reverse(),
    track: (queued: string[]) => setActions((current) => [...current, { id: crypto.randomUUID(), runIds: queued }]),
    clear: () => setActions([]),
  };
}
