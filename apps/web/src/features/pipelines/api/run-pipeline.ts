import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pipelineMessages, runPipelineResponseSchema, type RunPipelineQuery } from '@finboard/shared/pipelines';
import { apiRequest } from '../../../lib/api-client';
import { pipelinesQueryKey, pipelinesUrls } from './pipelines-urls';

/** Run Pipeline: one pipeline by name, or (no name) every one with files waiting. Answers with the queued runs. */
export const runPipeline = ({ organizationId, query }: { organizationId: string; query: RunPipelineQuery }) =>
  apiRequest(pipelinesUrls.runPipeline(organizationId), {
    method: 'POST',
    query,
    schema: runPipelineResponseSchema,
    errorMessage: pipelineMessages.runFailed,
  }).then(({ data }) => data.runIds);

export function useRunPipeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runPipeline,
    // Pending files and the history change as soon as runs are queued.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelinesQueryKey }),
  });
}
