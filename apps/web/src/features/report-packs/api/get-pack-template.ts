import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportPackMessages as m, packTemplateResponseSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { templatePath, templateQueryKey } from './report-pack-urls';

/** `GET /api/v1/report-pack-templates/{id}` (administrators). */
export const getPackTemplate = (templateId: string, signal?: AbortSignal) =>
  apiRequest(templatePath(templateId), {
    schema: packTemplateResponseSchema,
    signal,
    errorMessage: m.loadFailed,
  }).then((response) => response.data.template);

export const packTemplateQueryOptions = (templateId: string) =>
  queryOptions({
    queryKey: templateQueryKey(templateId),
    queryFn: ({ signal }) => getPackTemplate(templateId, signal),
  });

export const usePackTemplate = (templateId: string) => useQuery(packTemplateQueryOptions(templateId));
