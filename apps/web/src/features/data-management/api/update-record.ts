import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dataManagementMessages, dataUpdatedDataSchema, type DataRecordBody } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';

const updateRecordResponseSchema = apiSuccessSchema(dataUpdatedDataSchema);

export interface UpdateRecordInput {
  organizationId: string;
  table: string;
  rowId: string;
  /** Only the columns that change. */
  body: DataRecordBody;
}

export const updateRecord = ({ organizationId, table, rowId, body }: UpdateRecordInput) =>
  apiRequest(
    `/api/v1/crud/${encodeURIComponent(organizationId)}/${encodeURIComponent(table)}/${encodeURIComponent(rowId)}`,
    { method: 'PUT', body, schema: updateRecordResponseSchema, errorMessage: dataManagementMessages.updateFailed },
  );

export function useUpdateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecord,
    // The grid refreshes its own rows; a period or account edit may change the filter's choices.
    onSuccess: (_response, input) =>
      queryClient.invalidateQueries({ queryKey: dataManagementQueryKey(input.organizationId) }),
  });
}
