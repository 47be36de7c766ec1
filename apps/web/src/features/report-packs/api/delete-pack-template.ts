import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import { apiRequest } from '../../../lib/api-client';
import { templatePath, templateQueryKey, templatesQueryKey } from './report-pack-urls';

/** `DELETE /api/v1/report-pack-templates/{id}`; refused while packs follow it (templateInUse). */
export const deletePackTemplate = (templateId: string) =>
  apiRequest(templatePath(templateId), { method: 'DELETE', schema: apiMessageSchema });

export function useDeletePackTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePackTemplate,
    onSuccess: async (_response, templateId) => {
      queryClient.removeQueries({ queryKey: templateQueryKey(templateId) });
      await queryClient.invalidateQueries({ queryKey: [...templatesQueryKey, 'list'] });
    },
  });
}
