import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountingMessages, netsuiteCreateResponseSchema, type NetsuiteCreateBody } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

/** Add Connection: the server proves the certificate by getting a token before it stores anything. */
export const createNetsuiteAccount = (body: NetsuiteCreateBody) =>
  apiRequest(accountingUrls.netsuite.accounts, {
    method: 'POST',
    body,
    schema: netsuiteCreateResponseSchema,
    errorMessage: accountingMessages.netsuiteCreateFailed,
  });

export function useCreateNetsuiteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNetsuiteAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingQueryKey }),
  });
}
