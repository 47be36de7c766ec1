import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pipelineMessages, undoRunResponseSchema } from '@finboard/shared/pipelines';
import { apiRequest } from '../../../lib/api-client';
import { pipelineRunQueryOptions } from './get-pipeline-run';
import { pipelinesQueryKey, pipelinesUrls } from './pipelines-urls';

/**
 * Undo this load: the warehouse as it was before the run. Rejects with the server's words when later work
 * stands in the way (409 naming it), or the run was undone already or loaded nothing.
 */
export const undoRun = (runId: string) =>
  apiRequest(pipelinesUrls.undo(runId), {
    method: 'POST',
    schema: undoRunResponseSchema,
    errorMessage: pipelineMessages.runFailed,
  }).then(({ message, data }) => ({ message, run: data.run }));

export function useUndoRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRun,
    onSuccess: ({ run }) => {
      // The drawer shows the undone run at once; the history's row and the pending files follow.
      queryClient.setQueryData(pipelineRunQueryOptions(run.id).queryKey, run);
      return queryClient.invalidateQueries({ queryKey: pipelinesQueryKey });
    },
  });
}
