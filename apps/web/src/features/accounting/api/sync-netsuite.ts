import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountingMessages, syncStartedResponseSchema } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

/** Sync now: queues a sync of the connection and answers its run id. */
export const syncNetsuite = (id: string) =>
  apiRequest(accountingUrls.netsuite.sync(id), {
    method: 'POST',
    schema: syncStartedResponseSchema,
    errorMessage: accountingMessages.netsuiteSyncFailed,
  }).then(({ data }) => data.runId);

export function useSyncNetsuite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncNetsuite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingQueryKey }),
  });
}
