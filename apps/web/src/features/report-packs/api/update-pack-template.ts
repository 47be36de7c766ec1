import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packTemplateResponseSchema, type PackTemplateBody } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { templatePath, templateQueryKey, templatesQueryKey } from './report-pack-urls';

/** `PUT /api/v1/report-pack-templates/{id}`: the template as a whole. */
export const updatePackTemplate = (templateId: string, body: PackTemplateBody) =>
  apiRequest(templatePath(templateId), { method: 'PUT', body, schema: packTemplateResponseSchema });

/** Packs that follow the template show its new pages: every organization's packs are stale. */
export function useUpdatePackTemplate(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PackTemplateBody) => updatePackTemplate(templateId, body),
    onSuccess: async (response) => {
      queryClient.setQueryData(templateQueryKey(templateId), response.data.template);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...templatesQueryKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['report-packs'] }),
      ]);
    },
  });
}
