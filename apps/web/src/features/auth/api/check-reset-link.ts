import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { resetLinkStatusSchema } from '@finboard/shared/auth';
import { apiRequest } from '../../../lib/api-client';

const resetLinkResponseSchema = apiSuccessSchema(resetLinkStatusSchema);

export const checkResetLink = (token: string) =>
  apiRequest(`/api/v1/auth/reset-password/${encodeURIComponent(token)}`, {
    auth: false,
    schema: resetLinkResponseSchema,
  }).then((response) => response.data);

export const resetLinkQueryOptions = (token: string) =>
  // A link's state changes only when it is used or runs out; the page asks once when it opens.
  queryOptions({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    staleTime: Infinity,
    retry: false,
  });

/** The state of the link the page was opened with; nothing is asked when the code is typed in by hand. */
export const useResetLinkState = (token: string | undefined) =>
  useQuery({ ...resetLinkQueryOptions(token ?? ''), enabled: Boolean(token) });
