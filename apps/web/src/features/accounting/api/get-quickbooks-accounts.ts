import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountingMessages, quickbooksAccountsResponseSchema, SYNC_POLL_MS } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

export const getQuickbooksAccounts = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(accountingUrls.quickbooks.accounts, {
    query: { organization_id: organizationId },
    signal,
    schema: quickbooksAccountsResponseSchema,
    errorMessage: accountingMessages.fetchAccountsFailed,
  }).then(({ data }) => data);

/** `syncRunning`: a sync of the organization is unfinished, so the card's state and counts are about to move. */
export const quickbooksAccountsQueryOptions = (organizationId: string, syncRunning: boolean) =>
  queryOptions({
    queryKey: [...accountingQueryKey, organizationId, 'quickbooks'],
    queryFn: ({ signal }) => getQuickbooksAccounts(organizationId, signal),
    refetchInterval: (current) =>
      syncRunning || current.state.data?.accounts.some((account) => account.status === 'syncing')
        ? SYNC_POLL_MS
        : false,
  });

export const useQuickbooksAccounts = (organizationId: string | undefined, syncRunning: boolean) =>
  useQuery({ ...quickbooksAccountsQueryOptions(organizationId ?? '', syncRunning), enabled: Boolean(organizationId) });
