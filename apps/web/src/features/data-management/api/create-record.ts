import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dataCreatedDataSchema, dataManagementMessages, type DataRecordBody } from '@finboard/shared/data-management';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';

const createRecordResponseSchema = apiSuccessSchema(dataCreatedDataSchema);

export interface CreateRecordInput {
  organizationId: string;
  table: string;
  body: DataRecordBody;
}

export const createRecord = ({ organizationId, table, body }: CreateRecordInput) =>
  apiRequest(`/api/v1/crud/${encodeURIComponent(organizationId)}/${encodeURIComponent(table)}`, {
    method: 'POST',
    body,
    schema: createRecordResponseSchema,
    errorMessage: dataManagementMessages.createFailed,
  });

export function useCreateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecord,
    onSuccess: (_response, input) =>
      queryClient.invalidateQueries({ queryKey: dataManagementQueryKey(input.organizationId) }),
  });
}
