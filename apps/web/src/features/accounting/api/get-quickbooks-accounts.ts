import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountingMessages, quickbooksAccountsResponseSchema } from '@finboard/shared/accounting';
import { apiRequest } from '../../../lib/api-client';
import { accountingQueryKey, accountingUrls } from './accounting-urls';

export const getQuickbooksAccounts = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(accountingUrls.quickbooksAccounts, {
    query: { organization_id: organizationId },
    signal,
    schema: quickbooksAccountsResponseSchema,
    errorMessage: accountingMessages.fetchAccountsFailed,
  }).then(({ data }) => data);

export const quickbooksAccountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...accountingQueryKey, organizationId, 'quickbooks'],
    queryFn: ({ signal }) => getQuickbooksAccounts(organizationId, signal),
    // The card shows "syncing" until the run ends.
    refetchInterval: (current) =>
      current.state.data?.accounts.some((account) => account.status === 'syncing') ? 3000 : false,
  });

export const useQuickbooksAccounts = (organizationId: string | undefined) =>
  useQuery({ ...quickbooksAccountsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
