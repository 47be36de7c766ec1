import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountingMessages, netsuiteAccountsResponseSchema, SYNC_POLL_MS } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

export const getNetsuiteAccounts = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(accountingUrls.netsuite.accounts, {
    query: { organization_id: organizationId },
    signal,
    schema: netsuiteAccountsResponseSchema,
    errorMessage: accountingMessages.fetchAccountsFailed,
  }).then(({ data }) => data.accounts);

/** `syncRunning`: a sync of the organization is unfinished, so the card's state and counts are about to move. */
export const netsuiteAccountsQueryOptions = (organizationId: string, syncRunning: boolean) =>
  queryOptions({
    queryKey: [...accountingQueryKey, organizationId, 'netsuite'],
    queryFn: ({ signal }) => getNetsuiteAccounts(organizationId, signal),
    refetchInterval: (current) =>
      syncRunning || current.state.data?.some((account) => account.status === 'syncing') ? SYNC_POLL_MS : false,
  });

export const useNetsuiteAccounts = (organizationId: string | undefined, syncRunning: boolean) =>
  useQuery({ ...netsuiteAccountsQueryOptions(organizationId ?? '', syncRunning), enabled: Boolean(organizationId) });
