import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatClearResponseSchema, chatMessages } from '@finboard/shared/chat';
import { apiRequest } from '../../../lib/api-client';
import { chatQueryKey, chatUrls } from './chat-urls';

export const clearConversation = (place: { organizationId: string; groupId?: string }) =>
  apiRequest(chatUrls.clear, {
    method: 'POST',
    body: place,
    schema: chatClearResponseSchema,
    errorMessage: chatMessages.failed,
  }).then(({ data }) => data);

export function useClearConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueryKey }),
  });
}
