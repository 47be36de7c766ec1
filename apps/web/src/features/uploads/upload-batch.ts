import {
  headerMismatchSchema,
  type ColumnMapping,
  type ColumnSuggestion,
  type SavedColumnLayout,
} from '@finboard/shared/column-mapping';
import type { DataType } from '@finboard/shared/data-types';
import { csvRefusalSchema, uploadApiMessages, type CsvRefusal } from '@finboard/shared/uploads';
import { ApiError, type UploadProgress } from '../../lib/api-client';
import { checkHeader, readHeader, type HeaderCheck } from './file-header';

/** One file of a batch as the page shows it, from waiting to its outcome. */
export interface UploadRow {
  key: string;
  name: string;
  state: 'waiting' | 'mapping' | 'sealing' | 'sending' | 'uploaded' | 'failed' | 'cancelled';
  progress?: UploadProgress;
  /** The server's message once the file is done (accepted or refused). */
  message?: string;
  /** A refused file's problems, for the report. */
  refusal?: CsvRefusal;
}

/** What the user is asked to confirm: one file's columns and the suggested expected column of each. */
export interface MappingRequest {
  fileName: string;
  header: string[];
  suggestions: ColumnSuggestion[];
}

export interface BatchFile {
  key: string;
  file: File;
  /** Aborted by the file's Cancel button. */
  signal: AbortSignal;
  /** A real export read with the layout its preview showed (issue 23): sent without the column mapping step. */
  readWithLayout?: boolean;
}

/** What a batch needs from the page and the network. */
export interface BatchSteps {
  /** Seals and sends one file with its mapping (if any); rejects with ApiError, or AbortError when cancelled. */
  send: (
    file: File,
    mapping: ColumnMapping | undefined,
    signal: AbortSignal,
    onProgress: (progress: UploadProgress) => void,
  ) => Promise<{ message: { message: string } }>;
  /** The column mapping step: the confirmed mapping, or undefined when the user cancels it. */
  askMapping: (request: MappingRequest) => Promise<ColumnMapping | undefined>;
  update: (key: string, change: Partial<UploadRow>) => void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Uploads the files one after another, each in its own request: a refusal names one file, a Cancel
 * stops one file, and a mapping confirmed for one file serves the next file with the same header.
 */
export async function uploadBatch(
  files: readonly BatchFile[],
  dataType: Pick<DataType, 'columns' | 'columnMappings' | 'delimiter' | 'targetTable'>,
  steps: BatchSteps,
): Promise<void> {
  const confirmed: SavedColumnLayout[] = [];
  for (const entry of files) await uploadOne(entry, dataType, confirmed, steps);
}

async function uploadOne(
  entry: BatchFile,
  dataType: Pick<DataType, 'columns' | 'columnMappings' | 'delimiter' | 'targetTable'>,
  confirmed: SavedColumnLayout[],
  steps: BatchSteps,
): Promise<void> {
  const cancelled = () => steps.update(entry.key, { state: 'cancelled' });
  if (entry.signal.aborted) return cancelled();

  const confirm = async (header: string[], suggestions: ColumnSuggestion[]) => {
    steps.update(entry.key, { state: 'mapping' });
    const mapping = await steps.askMapping({ fileName: entry.file.name, header, suggestions });
    if (mapping) confirmed.unshift({ header, mapping });
    return mapping;
  };

  const check: HeaderCheck = entry.readWithLayout
    ? { kind: 'ready' }
    : checkHeader(dataType, await readHeader(entry.file, dataType.delimiter), confirmed);
  let mapping = check.kind === 'ready' ? check.mapping : await confirm(check.header, check.suggestions);
  if (check.kind === 'needsMapping' && !mapping) return cancelled();

  let outcome = await sendOnce(entry, mapping, steps);
  // The server reads the header too; when it finds a mismatch the page did not, its suggestions lead to the step.
  const mismatch = outcome instanceof ApiError ? headerMismatchSchema.safeParse(outcome.data) : undefined;
  if (mismatch?.success && !mapping && !entry.readWithLayout) {
    mapping = await confirm(mismatch.data.header, mismatch.data.suggestions);
    if (!mapping) return cancelled();
    outcome = await sendOnce(entry, mapping, steps);
  }
  if (outcome === undefined) return;
  if (isAbort(outcome) || entry.signal.aborted) return cancelled();
  const refusal = outcome instanceof ApiError ? csvRefusalSchema.safeParse(outcome.data) : undefined;
  steps.update(entry.key, {
    state: 'failed',
    message: outcome instanceof Error ? outcome.message : uploadApiMessages.uploadFailed,
    refusal: refusal?.success ? refusal.data : undefined,
  });
}

/** Sends the file; undefined when it was accepted (the row says so), otherwise what it failed with. */
async function sendOnce(entry: BatchFile, mapping: ColumnMapping | undefined, steps: BatchSteps): Promise<unknown> {
  if (entry.signal.aborted) return new DOMException('The upload was cancelled.', 'AbortError');
  steps.update(entry.key, { state: 'sealing', progress: undefined });
  try {
    const response = await steps.send(entry.file, mapping, entry.signal, (progress) =>
      steps.update(entry.key, { state: 'sending', progress }),
    );
    steps.update(entry.key, { state: 'uploaded', message: response.message.message });
    return undefined;
  } catch (error) {
    return error ?? new Error(uploadApiMessages.uploadFailed);
  }
}
