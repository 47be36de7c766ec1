import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import { dataManagementMessages } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';

export interface DeleteRecordInput {
  organizationId: string;
  table: string;
  rowId: string;
}

export const deleteRecord = ({ organizationId, table, rowId }: DeleteRecordInput) =>
  apiRequest(
    `/api/v1/crud/${encodeURIComponent(organizationId)}/${encodeURIComponent(table)}/${encodeURIComponent(rowId)}`,
    { method: 'DELETE', schema: apiMessageSchema, errorMessage: dataManagementMessages.deleteFailed },
  );

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecord,
    onSuccess: (_response, input) =>
      queryClient.invalidateQueries({ queryKey: dataManagementQueryKey(input.organizationId) }),
  });
}
