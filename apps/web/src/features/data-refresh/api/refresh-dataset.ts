import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  dataRefreshMessages,
  refreshDatasetResponseSchema,
  type refreshDatasetBodySchema,
} from '@finboard/shared/data-refresh';
import { apiRequest } from '../../../lib/api-client';
import { dataRefreshQueryKey, dataRefreshUrls } from './data-refresh-urls';

/** One dashboard's Power BI dataset, queued for refresh. */
export const refreshDataset = (body: z.input<typeof refreshDatasetBodySchema>) =>
  apiRequest(dataRefreshUrls.refreshDataset, {
    method: 'POST',
    body,
    schema: refreshDatasetResponseSchema,
    errorMessage: dataRefreshMessages.refreshFailed,
  }).then(({ data }) => data);

export function useRefreshDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshDataset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRefreshQueryKey }),
  });
}
