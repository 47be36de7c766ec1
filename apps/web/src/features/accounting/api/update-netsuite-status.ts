import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountingMessages, accountStatusResponseSchema } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey } from './accounting-urls';
import { netsuiteUrls } from './netsuite-urls';

/** Disconnect (the certificate is forgotten) or mark connected again. */
export const updateNetsuiteStatus = (input: { id: string; accountStatus: 'connected' | 'disconnected' }) =>
  apiRequest(netsuiteUrls.status(input.id), {
    method: 'PUT',
    body: { accountStatus: input.accountStatus },
    schema: accountStatusResponseSchema,
    errorMessage: accountingMessages.statusFailed,
  }).then(({ data }) => data.account);

export function useUpdateNetsuiteStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNetsuiteStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingQueryKey }),
  });
}
