import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  dataTypeListResponseSchema,
  dataTypeMessages,
  type dataTypeListQuerySchema,
} from '@finboard/shared/data-types';
import { apiRequest } from './api-client';

/*
 * The Data Type Master's list query, in lib because two features read it: the Data Type Master and the
 * upload page (which data type a file is, its expected columns and saved column layouts).
 */

/** The list query with its defaults applied. */
export type DataTypeListQuery = z.output<typeof dataTypeListQuerySchema>;

/** Every data types query sits under this key, so a change refreshes them all. */
export const dataTypesQueryKey = ['data-types'] as const;

/** The organization's data types or one of them: the organization is always in the path. */
export const dataTypesUrl = (organizationId: string, id?: string) =>
  `/api/v1/data-types/${encodeURIComponent(organizationId)}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

export const getDataTypes = (organizationId: string, query: DataTypeListQuery, signal?: AbortSignal) =>
  apiRequest(dataTypesUrl(organizationId), {
    query,
    signal,
    schema: dataTypeListResponseSchema,
    errorMessage: dataTypeMessages.fetchFailed,
  }).then(({ data, pagination }) => ({ ...data, pagination }));

export const dataTypesQueryOptions = (organizationId: string, query: DataTypeListQuery) =>
  queryOptions({
    queryKey: [...dataTypesQueryKey, organizationId, 'list', query],
    queryFn: ({ signal }) => getDataTypes(organizationId, query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** Disabled until there is an organization to ask about (an admin picks one first). */
export const useDataTypes = (organizationId: string | undefined, query: DataTypeListQuery) =>
  useQuery({ ...dataTypesQueryOptions(organizationId ?? '', query), enabled: Boolean(organizationId) });
