import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packTemplateResponseSchema, type PackTemplateBody } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { templateQueryKey, templatesPath, templatesQueryKey } from './report-pack-urls';

/** `POST /api/v1/report-pack-templates`. */
export const createPackTemplate = (body: PackTemplateBody) =>
  apiRequest(templatesPath, { method: 'POST', body, schema: packTemplateResponseSchema });

export function useCreatePackTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPackTemplate,
    onSuccess: async (response) => {
      queryClient.setQueryData(templateQueryKey(response.data.template.id), response.data.template);
      await queryClient.invalidateQueries({ queryKey: [...templatesQueryKey, 'list'] });
    },
  });
}
