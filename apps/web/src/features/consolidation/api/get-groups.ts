import { useQuery } from '@tanstack/react-query';
import { consolidationGroupsResponseSchema } from '@finboard/shared/consolidation';
import { apiRequest } from '../../../lib/api-client';
import { groupListQueryKey, groupsPath } from './consolidation-urls';

/** `GET /api/v1/consolidation-groups` (administrators): every group with its members and rules. */
export const getGroups = (signal?: AbortSignal) =>
  apiRequest(groupsPath, { signal, schema: consolidationGroupsResponseSchema }).then(
    (response) => response.data.groups,
  );

export const useGroups = () => useQuery({ queryKey: groupListQueryKey, queryFn: ({ signal }) => getGroups(signal) });
