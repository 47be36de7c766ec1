import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountingMessages, intacctCreateResponseSchema, type IntacctCreateBody } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

/** Add Connection: the server tries the credentials with Sage Intacct before it keeps them. */
export const createIntacctAccount = (body: IntacctCreateBody) =>
  apiRequest(accountingUrls.intacct.create, {
    method: 'POST',
    body,
    schema: intacctCreateResponseSchema,
    errorMessage: accountingMessages.intacctCreateFailed,
  }).then(({ data }) => data.account);

export function useCreateIntacctAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIntacctAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingQueryKey }),
  });
}
