import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createDatabaseResponseSchema,
  onboardingMessages,
  type CreateDatabaseRequest,
} from '@finboard/shared/onboarding';
import { apiRequest } from '../../../lib/api-client';
import { onboardingQueryKey, onboardingUrls } from './onboarding-urls';

/** Create Database: answers the server's message (what was created or cloned, or that nothing changed). */
export const createDatabase = (body: CreateDatabaseRequest) =>
  apiRequest(onboardingUrls.createDatabase, {
    method: 'POST',
    body,
    schema: createDatabaseResponseSchema,
    errorMessage: onboardingMessages.databaseFailed,
  });

export function useCreateDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDatabase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingQueryKey }),
  });
}
