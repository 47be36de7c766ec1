import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatHistoryResponseSchema, chatMessages } from '@finboard/shared/chat';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKey, chatUrls } from './chat-urls';

/** The latest conversation with the organization's books, or with one of its consolidation groups (`groupId`). */
export const getHistory = (organizationId: string, groupId: string | undefined, signal?: AbortSignal) =>
  apiRequest(chatUrls.history, {
    query: { organizationId, ...(groupId && { groupId }) },
    signal,
    schema: chatHistoryResponseSchema,
    errorMessage: chatMessages.failed,
  }).then(({ data }) => data);

export const historyQueryOptions = (organizationId: string, groupId?: string) =>
  queryOptions({
    queryKey: [...chatQueryKey, organizationId, groupId ?? '', 'history'],
    queryFn: ({ signal }) => getHistory(organizationId, groupId, signal),
  });

export const useChatHistory = (organizationId: string | undefined, groupId?: string) =>
  useQuery({ ...historyQueryOptions(organizationId ?? '', groupId), enabled: Boolean(organizationId) });
