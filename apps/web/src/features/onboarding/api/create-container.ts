import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createContainerResponseSchema,
  onboardingMessages,
  type CreateContainerRequest,
} from '@finboard/shared/onboarding';
import { apiRequest } from '../../../lib/api-client';
import { onboardingQueryKey, onboardingUrls } from './onboarding-urls';

/** Create Container & Folders: answers the server's message (what was created, or that nothing changed). */
export const createContainer = (body: CreateContainerRequest) =>
  apiRequest(onboardingUrls.createContainer, {
    method: 'POST',
    body,
    schema: createContainerResponseSchema,
    errorMessage: onboardingMessages.containerFailed,
  });

export function useCreateContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContainer,
    // A failure is recorded as the step's state too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingQueryKey }),
  });
}
