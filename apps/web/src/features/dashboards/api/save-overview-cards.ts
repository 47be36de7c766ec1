import { useMutation, useQueryClient } from '@tanstack/react-query';
import { overviewCardsResponseSchema, reportMessages, type KpiKey } from '@finboard/shared/reports';
import { apiRequest } from '../../../lib/api-client';
import { reportsQueryKey } from '../../../lib/reports-query-key';

/** Saves the organization's Financial Overview cards; the overview is read again with them. */
export function useSaveOverviewCards(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cards: KpiKey[]) =>
      apiRequest(`/api/v1/organization/${encodeURIComponent(organizationId)}/overview-cards`, {
        method: 'PUT',
        body: { cards },
        schema: overviewCardsResponseSchema,
        errorMessage: reportMessages.loadFailed,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsQueryKey }),
  });
}
