import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dataTypeMessages, dataTypeSchema, type DataTypeUpdateRequest } from '@finboard/shared/data-types';
import { apiRequest } from '../../../lib/api-client';
import { dataTypesQueryKey, dataTypesUrl } from '../../../lib/data-types';

const updateDataTypeResponseSchema = apiSuccessSchema(z.object({ dataType: dataTypeSchema }));

export const updateDataType = ({
  organizationId,
  id,
  body,
}: {
  organizationId: string;
  id: string;
  body: DataTypeUpdateRequest;
}) =>
  apiRequest(dataTypesUrl(organizationId, id), {
    method: 'PUT',
    body,
    schema: updateDataTypeResponseSchema,
    errorMessage: dataTypeMessages.updateFailed,
  });

export function useUpdateDataType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataTypesQueryKey }),
  });
}
