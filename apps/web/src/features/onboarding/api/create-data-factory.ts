import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dataFactoryResponseSchema,
  onboardingMessages,
  type CreateDataFactoryRequest,
  type ImportDataFactoryRequest,
} from '@finboard/shared/onboarding';
import { apiRequest } from '../../../lib/api-client';
import { onboardingQueryKey, onboardingUrls } from './onboarding-urls';

/** Create Data Factory: the organization's pipeline set from the standard templates. */
export const createDataFactory = (body: CreateDataFactoryRequest) =>
  apiRequest(onboardingUrls.createDataFactory, {
    method: 'POST',
    body,
    schema: dataFactoryResponseSchema,
    errorMessage: onboardingMessages.dataFactoryFailed,
  });

/** Import Data Factory: with another organization's pipeline definitions, data types and column mappings. */
export const importDataFactory = (body: ImportDataFactoryRequest) =>
  apiRequest(onboardingUrls.importDataFactory, {
    method: 'POST',
    body,
    schema: dataFactoryResponseSchema,
    errorMessage: onboardingMessages.importFailed,
  });

export function useCreateDataFactory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataFactory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingQueryKey }),
  });
}

export function useImportDataFactory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDataFactory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingQueryKey }),
  });
}
