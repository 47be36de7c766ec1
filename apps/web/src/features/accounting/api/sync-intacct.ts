import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountingMessages, syncStartedResponseSchema } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

/** Sync now (the spec's `GET /intacct/data?id=`): queues a sync of the connection and answers its run id. */
export const syncIntacct = (id: string) =>
  apiRequest(accountingUrls.intacct.sync, {
    query: { id },
    schema: syncStartedResponseSchema,
    errorMessage: accountingMessages.intacctSyncFailed,
  }).then(({ data }) => data.runId);

export function useSyncIntacct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncIntacct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingQueryKey }),
  });
}
