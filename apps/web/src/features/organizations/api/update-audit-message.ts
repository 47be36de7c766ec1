import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import type { auditMessageRequestSchema } from '@finboard/shared/organizations';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { organizationQueryKey } from '../../../lib/organization-detail';

type AuditMessageRequest = z.input<typeof auditMessageRequestSchema>;

export const updateAuditMessage = ({ id, body }: { id: string; body: AuditMessageRequest }) =>
  apiRequest(`/api/v1/organization/${encodeURIComponent(id)}/audit-message`, {
    method: 'PUT',
    body,
    schema: apiMessageSchema,
  });

export function useUpdateAuditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAuditMessage,
    onSuccess: (_response, { id }) => queryClient.invalidateQueries({ queryKey: organizationQueryKey(id) }),
  });
}
