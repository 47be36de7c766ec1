import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountingMessages, accountStatusResponseSchema } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey } from './accounting-urls';
import { intacctUrls } from './intacct-urls';

/** Disconnect (the credentials are forgotten) or mark connected again. */
export const updateIntacctStatus = (input: { id: string; accountStatus: 'connected' | 'disconnected' }) =>
  apiRequest(intacctUrls.status(input.id), {
    method: 'PUT',
    body: { accountStatus: input.accountStatus },
    schema: accountStatusResponseSchema,
    errorMessage: accountingMessages.intacctUpdateFailed,
  }).then(({ data }) => data.account);

export function useUpdateIntacctStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIntacctStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingQueryKey }),
  });
}
