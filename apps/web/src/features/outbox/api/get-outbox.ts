import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { outboxDataSchema } from '@finboard/shared/outbox';
import { apiRequest } from '../../../lib/api-client';

const outboxResponseSchema = apiSuccessSchema(outboxDataSchema);

export const getOutbox = () =>
  apiRequest('/api/v1/admin/outbox', { schema: outboxResponseSchema }).then((r) => r.data.emails);

export const outboxQueryOptions = () => queryOptions({ queryKey: ['outbox'], queryFn: getOutbox });

export const useOutbox = () => useQuery(outboxQueryOptions());
