import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataRefreshMessages, refreshAllResponseSchema } from '@finboard/shared/data-refresh';
import { apiRequest } from '../../../lib/api-client';
import { dataRefreshQueryKey, dataRefreshUrls } from './data-refresh-urls';

/** Refresh All: every dashboard's dataset of the organization, queued; answers what was queued or skipped. */
export const refreshAll = (organizationId: string) =>
  apiRequest(dataRefreshUrls.refreshAll, {
    method: 'POST',
    body: { organizationId },
    schema: refreshAllResponseSchema,
    errorMessage: dataRefreshMessages.refreshAllFailed,
  }).then(({ data }) => data);

export function useRefreshAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshAll,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRefreshQueryKey }),
  });
}
