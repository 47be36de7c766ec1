import { reportsQueryKey } from '../../../lib/reports-query-key';

export const groupsPath = '/api/v1/consolidation-groups';
export const groupPath = (groupId: string) => `${groupsPath}/${encodeURIComponent(groupId)}`;

/**
 * Every query of the groups starts with this key — the report packs' list of an organization's groups too — so a
 * group saved or deleted refreshes them all.
 */
export const groupsQueryKey = ['consolidation-groups'] as const;
export const groupListQueryKey = [...groupsQueryKey, 'list'] as const;
export const groupQueryKey = (groupId: string) => [...groupsQueryKey, 'group', groupId] as const;

/**
 * A group's statements live under the reports key: what changes members' figures (a dataset refreshed, a
 * layout saved) refreshes them too, whichever feature did it.
 */
export const groupReportsQueryKey = (groupId: string) => [...reportsQueryKey, 'consolidation', groupId] as const;
