import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatMessages, chatSuggestionsResponseSchema } from '@finboard/shared/chat';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKey, chatUrls } from './chat-urls';

export const getSuggestions = (organizationId: string, groupId: string | undefined, signal?: AbortSignal) =>
  apiRequest(chatUrls.suggestions, {
    query: { organizationId, ...(groupId && { groupId }) },
    signal,
    schema: chatSuggestionsResponseSchema,
    errorMessage: chatMessages.failed,
  }).then(({ data }) => data.questions);

export const suggestionsQueryOptions = (organizationId: string, groupId?: string) =>
  queryOptions({
    queryKey: [...chatQueryKey, organizationId, groupId ?? '', 'suggestions'],
    queryFn: ({ signal }) => getSuggestions(organizationId, groupId, signal),
    staleTime: 5 * 60_000,
  });

export const useChatSuggestions = (organizationId: string | undefined, groupId?: string) =>
  useQuery({ ...suggestionsQueryOptions(organizationId ?? '', groupId), enabled: Boolean(organizationId) });
