import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportPackMessages as m, packResponseSchema } from '@finboard/shared/report-packs';
import { apiRequest } from '../../../lib/api-client';
import { packPath, packQueryKey, type PackRef } from './report-pack-urls';

/** `GET /api/v1/report-packs/{organizationId}/{packId}`. */
export const getPack = ({ organizationId, packId }: PackRef, signal?: AbortSignal) =>
  apiRequest(packPath(organizationId, packId), {
    schema: packResponseSchema,
    signal,
    errorMessage: m.loadFailed,
  }).then((response) => response.data.pack);

export const packQueryOptions = (ref: PackRef) =>
  queryOptions({ queryKey: packQueryKey(ref), queryFn: ({ signal }) => getPack(ref, signal) });

export const usePack = (ref: PackRef) => useQuery(packQueryOptions(ref));
