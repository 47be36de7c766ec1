import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSuccessSchema } from '@finboard/shared/api';
import { dataTypeMessages, dataTypeSchema, type DataTypeCreateRequest } from '@finboard/shared/data-types';
import { apiRequest } from '../../../lib/api-client';
import { dataTypesQueryKey, dataTypesUrl } from '../../../lib/data-types';

const createDataTypeResponseSchema = apiSuccessSchema(z.object({ dataType: dataTypeSchema }));

export const createDataType = ({ organizationId, body }: { organizationId: string; body: DataTypeCreateRequest }) =>
  apiRequest(dataTypesUrl(organizationId), {
    method: 'POST',
    body,
    schema: createDataTypeResponseSchema,
    errorMessage: dataTypeMessages.createFailed,
  });

export function useCreateDataType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataTypesQueryKey }),
  });
}
