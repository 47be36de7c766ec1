import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountingMessages, accountStatusResponseSchema, type AccountingSystem } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

/** Spec §8 names Intacct's own failure; the others say the general one. */
const STATUS_FAILED: Record<AccountingSystem, string> = {
  quickbooks: accountingMessages.statusFailed,
  intacct: accountingMessages.intacctUpdateFailed,
  netsuite: accountingMessages.statusFailed,
};

/** Disconnect (the credentials are forgotten) or mark connected again: `PUT /api/v1/{system}/status/{id}`. */
export const updateConnectionStatus = (input: {
  system: AccountingSystem;
  id: string;
  accountStatus: 'connected' | 'disconnected';
}) =>
  apiRequest(accountingUrls.connectionStatus(input.system, input.id), {
    method: 'PUT',
    body: { accountStatus: input.accountStatus },
    schema: accountStatusResponseSchema,
    errorMessage: STATUS_FAILED[input.system],
  }).then(({ data }) => data.account);

export function useUpdateConnectionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConnectionStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingQueryKey }),
  });
}
