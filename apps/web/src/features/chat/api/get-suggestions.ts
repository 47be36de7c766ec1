import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatMessages, chatSuggestionsResponseSchema } from '@finboard/shared/chat';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKey, chatUrls } from './chat-urls';

export const getSuggestions = (organizationId: string, signal?: AbortSignal) =>
  apiRequest(chatUrls.suggestions, {
    query: { organizationId },
    signal,
    schema: chatSuggestionsResponseSchema,
    errorMessage: chatMessages.failed,
  }).then(({ data }) => data.questions);

export const suggestionsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...chatQueryKey, organizationId, 'suggestions'],
    queryFn: ({ signal }) => getSuggestions(organizationId, signal),
    staleTime: 5 * 60_000,
  });

export const useChatSuggestions = (organizationId: string | undefined) =>
  useQuery({ ...suggestionsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
