import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportPackMessages as m, packTemplatesResponseSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { templatesPath, templatesQueryKey } from './report-pack-urls';

/** `GET /api/v1/report-pack-templates` (administrators). */
export const getPackTemplates = (signal?: AbortSignal) =>
  apiRequest(templatesPath, { schema: packTemplatesResponseSchema, signal, errorMessage: m.loadFailed }).then(
    (response) => response.data.templates,
  );

export const packTemplatesQueryOptions = () =>
  queryOptions({ queryKey: [...templatesQueryKey, 'list'], queryFn: ({ signal }) => getPackTemplates(signal) });

export const usePackTemplates = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...packTemplatesQueryOptions(), enabled: options.enabled ?? true });
