import { queryOptions, useQuery } from '@tanstack/react-query';
import { pipelineMessages, replacePreviewResponseSchema } from '@finboard/shared/pipelines';
import { apiRequest } from '../../../lib/api-client';

/**
 * What replacing whole periods of a data type would remove now, by origin (files, syncs, the Studio, the
 * demo books), with the Studio edits among them: asked before an upload that replaces its period is sent.
 */
export const getReplacePreview = (
  organizationId: string,
  query: { dataTypeId: string; periods: string },
  signal?: AbortSignal,
) =>
  apiRequest(`/api/v1/pipeline/replace-preview/${encodeURIComponent(organizationId)}`, {
    query,
    signal,
    schema: replacePreviewResponseSchema,
    errorMessage: pipelineMessages.fetchAvailableFailed,
  }).then(({ data }) => data);

export const replacePreviewQueryOptions = (organizationId: string, dataTypeId: string, period: string) =>
  queryOptions({
    queryKey: ['replace-preview', organizationId, dataTypeId, period],
    queryFn: ({ signal }) => getReplacePreview(organizationId, { dataTypeId, periods: period }, signal),
    // The ledger changes with every run and edit: asked afresh each time the option is ticked.
    staleTime: 0,
    gcTime: 0,
  });

/** Asked only while "Replace the whole period" is ticked for a data type and a period. */
export const useReplacePreview = (
  organizationId: string | undefined,
  dataTypeId: string | undefined,
  period: string | undefined,
  enabled: boolean,
) =>
  useQuery({
    ...replacePreviewQueryOptions(organizationId ?? '', dataTypeId ?? '', period ?? ''),
    enabled: enabled && Boolean(organizationId && dataTypeId && period),
  });
