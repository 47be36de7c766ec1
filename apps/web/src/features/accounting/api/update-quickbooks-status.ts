import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountingMessages, accountStatusResponseSchema } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

/** Disconnect (the tokens are forgotten) or mark connected again. */
export const updateQuickbooksStatus = (input: { id: string; accountStatus: 'connected' | 'disconnected' }) =>
  apiRequest(accountingUrls.quickbooksStatus(input.id), {
    method: 'PUT',
    body: { accountStatus: input.accountStatus },
    schema: accountStatusResponseSchema,
    errorMessage: accountingMessages.statusFailed,
  }).then(({ data }) => data.account);

export function useUpdateQuickbooksStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuickbooksStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingQueryKey }),
  });
}
