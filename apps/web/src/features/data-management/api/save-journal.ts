import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import {
  journalDataSchema,
  journalMessages,
  type JournalLineInput,
  type JournalSource,
} from '@finboard/shared/journals';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';
import { journalPath } from './get-journal';

const journalResponseSchema = apiSuccessSchema(journalDataSchema);

export interface SaveJournalInput {
  organizationId: string;
  journalId: string;
  source: JournalSource;
  lines: JournalLineInput[];
  /** A new journal is created (POST); an existing one has its lines replaced (PUT). */
  isNew: boolean;
}

/** POST /crud/{orgId}/journals or PUT /crud/{orgId}/journals/{journalId}: all lines in one transaction. */
export const saveJournal = ({ organizationId, journalId, source, lines, isNew }: SaveJournalInput) =>
  isNew
    ? apiRequest(journalPath(organizationId), {
        method: 'POST',
        body: { journal_id: journalId, source, lines },
        schema: journalResponseSchema,
        errorMessage: journalMessages.journalCreateFailed,
      })
    : apiRequest(journalPath(organizationId, journalId), {
        method: 'PUT',
        body: { source, lines },
        schema: journalResponseSchema,
        errorMessage: journalMessages.journalSaveFailed,
      });

export function useSaveJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJournal,
    onSuccess: (_response, input) =>
      queryClient.invalidateQueries({ queryKey: dataManagementQueryKey(input.organizationId) }),
  });
}
