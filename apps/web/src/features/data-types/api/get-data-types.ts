import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  dataTypeListResponseSchema,
  dataTypeMessages,
  type dataTypeListQuerySchema,
} from '@finboard/shared/data-types';
import { apiRequest } from '../../../lib/api-client';

/** The list query with its defaults applied; `organizationId` only when an admin picked one. */
export type DataTypeListQuery = z.output<typeof dataTypeListQuerySchema>;

/** Every data types query sits under this key, so a change refreshes them all. */
export const dataTypesQueryKey = ['data-types'] as const;

export const getDataTypes = (query: DataTypeListQuery, signal?: AbortSignal) =>
  apiRequest('/api/v1/data-types', {
    query,
    signal,
    schema: dataTypeListResponseSchema,
    errorMessage: dataTypeMessages.fetchFailed,
  }).then(({ data, pagination }) => ({ ...data, pagination }));

export const dataTypesQueryOptions = (query: DataTypeListQuery) =>
  queryOptions({
    queryKey: [...dataTypesQueryKey, 'list', query],
    queryFn: ({ signal }) => getDataTypes(query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** Disabled until there is an organization to ask about (an admin picks one first). */
export const useDataTypes = (query: DataTypeListQuery, enabled: boolean) =>
  useQuery({ ...dataTypesQueryOptions(query), enabled });
