import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatHistoryResponseSchema, chatMessages } from '@finboard/shared/chat';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKey, chatUrls } from './chat-urls';

export const getHistory = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(chatUrls.history, {
    query: { organizationId },
    signal,
    schema: chatHistoryResponseSchema,
    errorMessage: chatMessages.failed,
  }).then(({ data }) => data);

export const historyQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...chatQueryKey, organizationId, 'history'],
    queryFn: ({ signal }) => getHistory(organizationId, signal),
  });

export const useChatHistory = (organizationId: string | undefined) =>
  useQuery({ ...historyQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
