import { queryOptions, useQuery } from '@tanstack/react-query';
import { availablePipelinesResponseSchema, pipelineMessages } from '@finboard/shared/pipelines';
import { apiRequest } from '../../../lib/api-client';
import { pipelinesQueryKey, pipelinesUrls } from './pipelines-urls';

export const getAvailablePipelines = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(pipelinesUrls.available(organizationId), {
    signal,
    schema: availablePipelinesResponseSchema,
    errorMessage: pipelineMessages.fetchAvailableFailed,
  }).then(({ data }) => data.pipelines);

export const availablePipelinesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...pipelinesQueryKey, organizationId, 'available'],
    queryFn: ({ signal }) => getAvailablePipelines(organizationId, signal),
  });

/** Disabled until there is an organization to ask about (an admin picks one first). */
export const useAvailablePipelines = (organizationId: string | undefined) =>
  useQuery({ ...availablePipelinesQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
