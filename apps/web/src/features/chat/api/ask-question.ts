import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatAskResponseSchema, chatMessages, type ChatAskBody } from '@finboard/shared/chat';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKey, chatUrls } from './chat-urls';

/** One question; the answer comes back with its conversation id (the history is refetched after). */
export const askQuestion = (body: ChatAskBody) =>
  apiRequest(chatUrls.ask, {
    method: 'POST',
    body,
    schema: chatAskResponseSchema,
    errorMessage: chatMessages.failed,
  }).then(({ data }) => data);

export function useAskQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueryKey }),
  });
}
