import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  statementLayoutMessages as m,
  statementLayoutResponseSchema,
  type SaveStatementLayout,
} from '@finboard/shared/statement-layouts';
import { apiRequest } from '../../../lib/api-client';
import { reportsQueryKey } from '../../../lib/reports-query-key';

const path = (organizationId: string) => `/api/v1/statement-layouts/${encodeURIComponent(organizationId)}`;
export const statementLayoutQueryKey = (organizationId: string) => ['statement-layout', organizationId] as const;

export const useStatementLayout = (organizationId: string | undefined) =>
  useQuery({
    queryKey: statementLayoutQueryKey(organizationId ?? ''),
    enabled: Boolean(organizationId),
    queryFn: ({ signal }) =>
      apiRequest(path(organizationId!), {
        schema: statementLayoutResponseSchema,
        signal,
        errorMessage: m.loadFailed,
      }).then((response) => response.data),
  });

/** Saves the layout; the statements read it at once, so every cached statement of the organization is stale. */
export function useSaveStatementLayout(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveStatementLayout) =>
      apiRequest(path(organizationId), {
        method: 'PUT',
        body,
        schema: statementLayoutResponseSchema,
        errorMessage: m.saveFailed,
      }),
    onSuccess: async (response) => {
      queryClient.setQueryData(statementLayoutQueryKey(organizationId), response.data);
      await queryClient.invalidateQueries({ queryKey: reportsQueryKey });
    },
  });
}
