import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { journalDataSchema, journalMessages, type JournalSource } from '@finboard/shared/journals';
import { apiRequest } from '../../../lib/api-client';
import { dataManagementQueryKey } from './get-tables';

const journalResponseSchema = apiSuccessSchema(journalDataSchema);

export interface JournalTarget {
  organizationId: string;
  journalId: string;
  source: JournalSource;
}

export const journalPath = (organizationId: string, journalId?: string) =>
  `/api/v1/crud/${encodeURIComponent(organizationId)}/journals${journalId === undefined ? '' : `/${encodeURIComponent(journalId)}`}`;

export const getJournal = ({ organizationId, journalId, source }: JournalTarget, signal?: AbortSignal) =>
  apiRequest(journalPath(organizationId, journalId), {
    signal,
    query: { source },
    schema: journalResponseSchema,
    errorMessage: journalMessages.journalFailed,
  }).then((response) => response.data.journal);

export const journalQueryOptions = (target: JournalTarget) =>
  queryOptions({
    queryKey: [...dataManagementQueryKey(target.organizationId), 'journal', target.source, target.journalId],
    queryFn: ({ signal }) => getJournal(target, signal),
    // The editor starts from what is stored now, never from a cached copy.
    staleTime: 0,
    gcTime: 0,
  });

export const useJournal = (target: JournalTarget | undefined) =>
  useQuery({
    ...journalQueryOptions(target ?? { organizationId: '', journalId: '', source: 'manual' }),
    enabled: Boolean(target),
  });
