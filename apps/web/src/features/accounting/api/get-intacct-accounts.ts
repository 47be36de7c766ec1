import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountingMessages, intacctAccountsResponseSchema, SYNC_POLL_MS } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

export const getIntacctAccounts = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(accountingUrls.intacct.accounts, {
    query: { organization_id: organizationId },
    signal,
    schema: intacctAccountsResponseSchema,
    errorMessage: accountingMessages.intacctFetchFailed,
  }).then(({ data }) => data.accounts);

/** `syncRunning`: a sync of the organization is unfinished, so the card's state and counts are about to move. */
export const intacctAccountsQueryOptions = (organizationId: string, syncRunning: boolean) =>
  queryOptions({
    queryKey: [...accountingQueryKey, organizationId, 'intacct'],
    queryFn: ({ signal }) => getIntacctAccounts(organizationId, signal),
    refetchInterval: (current) =>
      syncRunning || current.state.data?.some((account) => account.status === 'syncing') ? SYNC_POLL_MS : false,
  });

export const useIntacctAccounts = (organizationId: string | undefined, syncRunning: boolean) =>
  useQuery({ ...intacctAccountsQueryOptions(organizationId ?? '', syncRunning), enabled: Boolean(organizationId) });
