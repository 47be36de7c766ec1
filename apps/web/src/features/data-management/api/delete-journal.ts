import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMessageSchema } from '@finboard/shared/api';
import { journalMessages } from '@finboard/shared/journals';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';
import { journalPath, type JournalTarget } from './get-journal';

/** DELETE /crud/{orgId}/journals/{journalId}: every line of the journal, in one transaction. */
export const deleteJournal = ({ organizationId, journalId, source }: JournalTarget) =>
  apiRequest(journalPath(organizationId, journalId), {
    method: 'DELETE',
    query: { source },
    schema: apiMessageSchema,
    errorMessage: journalMessages.journalDeleteFailed,
  });

export function useDeleteJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJournal,
    onSuccess: (_response, input) =>
      queryClient.invalidateQueries({ queryKey: dataManagementQueryKey(input.organizationId) }),
  });
}
