import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  uploadApiMessages,
  uploadedFileListResponseSchema,
  type uploadedFileListQuerySchema,
} from '@finboard/shared/uploads';
import { MAX_PAGE_SIZE } from '@finboard/shared/pagination';
import { apiRequest } from '../../../lib/api-client';

/** The list query with its defaults applied. */
export type UploadedFileListQuery = z.output<typeof uploadedFileListQuerySchema>;

/** Every list of uploaded files sits under this key, so an upload refreshes them all. */
export const uploadedFilesQueryKey = ['uploaded-files'] as const;

export const getUploadedFiles = (organizationId: string, query: UploadedFileListQuery, signal?: AbortSignal) =>
  apiRequest(`/api/v1/pipeline/list-files/${encodeURIComponent(organizationId)}`, {
    query,
    signal,
    schema: uploadedFileListResponseSchema,
    errorMessage: uploadApiMessages.listFailed,
  }).then(({ data, pagination }) => ({ ...data, pagination }));

export const uploadedFilesQueryOptions = (organizationId: string, query: UploadedFileListQuery) =>
  queryOptions({
    queryKey: [...uploadedFilesQueryKey, organizationId, query],
    queryFn: ({ signal }) => getUploadedFiles(organizationId, query, signal),
    placeholderData: keepPreviousData,
  });

/** Disabled until there is an organization (an admin picks one first). */
export const useUploadedFiles = (organizationId: string | undefined, query: UploadedFileListQuery) =>
  useQuery({ ...uploadedFilesQueryOptions(organizationId ?? '', query), enabled: Boolean(organizationId) });

/**
 * The processed files of a data type under each of these names (the name filter contains; the caller
 * matches exactly): what a file chosen for upload may replace. One query per name, none without a type.
 */
export const useLoadedFilesNamed = (
  organizationId: string | undefined,
  dataTypeId: string | undefined,
  names: readonly string[],
) =>
  useQueries({
    queries: names.map((name) => ({
      ...uploadedFilesQueryOptions(organizationId ?? '', {
        name,
        status: 'processed',
        dataTypeId,
        page: 1,
        pageSize: MAX_PAGE_SIZE,
        sortBy: 'uploadedAt',
        sortOrder: 'desc',
      }),
      // Another name's files are not this one's, even for a moment.
      placeholderData: undefined,
      enabled: Boolean(organizationId && dataTypeId),
    })),
  });
