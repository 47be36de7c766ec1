import type { DataType } from '@finboard/shared/data-types';
import type { UploadedFile } from '@finboard/shared/uploads';
import { useLoadedFilesNamed } from './api/get-uploaded-files';
import { replacementCandidate } from './replacement';

/** A chosen file and what it may replace: still looking, the lookup failed, a candidate, or none (added). */
export interface ReplacementProposal {
  uid: string;
  name: string;
  checking: boolean;
  error?: Error;
  candidate?: UploadedFile;
}

/**
 * For each file chosen for upload, the file of the same name, data type and period loaded before (asked of
 * the files list, one query per name), which the page proposes to replace.
 */
export function useReplacementProposals(
  organizationId: string | undefined,
  dataType: Pick<DataType, 'id' | 'periodBased'> | undefined,
  period: string | undefined,
  files: readonly { uid: string; name: string }[],
): ReplacementProposal[] {
  const names = [...new Set(files.map((file) => file.name))];
  const lookups = useLoadedFilesNamed(organizationId, dataType?.id, names);
  if (!dataType) return [];
  return files.map(({ uid, name }) => {
    const lookup = lookups[names.indexOf(name)];
    const loaded = lookup?.data?.files;
    return {
      uid,
      name,
      checking: lookup?.isPending === true && lookup.fetchStatus !== 'idle',
      error: lookup?.error ?? undefined,
      candidate: loaded
        ? replacementCandidate(loaded, {
            name,
            dataTypeId: dataType.id,
            period: dataType.periodBased ? period : undefined,
          })
        : undefined,
    };
  });
}
