import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import { dataTypeMessages } from '@finboard/shared/data-types';
import { apiRequest } from '../../../lib/api-client';
import { dataTypesQueryKey, dataTypesUrl } from '../../../lib/data-types';

export const deleteDataType = ({ organizationId, id }: { organizationId: string; id: string }) =>
  apiRequest(dataTypesUrl(organizationId, id), {
    method: 'DELETE',
    schema: apiMessageSchema,
    errorMessage: dataTypeMessages.deleteFailed,
  });

export function useDeleteDataType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDataType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataTypesQueryKey }),
  });
}
