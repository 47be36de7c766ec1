import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { journalMessages, reconciliationDataSchema } from '@finboard/shared/journals';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';

const reconciliationResponseSchema = apiSuccessSchema(reconciliationDataSchema);

export const getReconciliation = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(`/api/v1/crud/${encodeURIComponent(organizationId)}/reconciliation`, {
    signal,
    schema: reconciliationResponseSchema,
    errorMessage: journalMessages.reconciliationFailed,
  }).then((response) => response.data.differences);

export const reconciliationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...dataManagementQueryKey(organizationId), 'reconciliation'],
    queryFn: ({ signal }) => getReconciliation(organizationId, signal),
  });

export const useReconciliation = (organizationId: string | undefined) =>
  useQuery({ ...reconciliationQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
