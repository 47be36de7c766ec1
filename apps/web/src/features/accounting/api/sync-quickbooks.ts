import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountingMessages, syncStartedResponseSchema } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

/** Sync now: queues a sync of the connection and answers its run id. */
export const syncQuickbooks = (input: { id: string; organizationId: string }) =>
  apiRequest(accountingUrls.quickbooks.sync, {
    method: 'POST',
    body: { id: input.id, organization_id: input.organizationId },
    schema: syncStartedResponseSchema,
    errorMessage: accountingMessages.quickbooksSyncFailed,
  }).then(({ data }) => data.runId);

export function useSyncQuickbooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncQuickbooks,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingQueryKey }),
  });
}
