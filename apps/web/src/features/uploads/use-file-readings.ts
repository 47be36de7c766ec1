import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import type { DataType } from '@finboard/shared/data-types';
import { LAYOUT_MAX_MEGABYTES, type FileAnalysis, type Layout } from '@finboard/shared/layouts';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { analyzeFileQueryOptions } from './api/analyze-file';
import { uploadKeyQueryOptions } from './api/get-upload-key';
import { checkHeader, readHeader } from './file-header';
import { layoutKindOf } from '@finboard/shared/layouts';

/**
 * The most the server reads with a layout (it lays such a file out whole, in memory: the server's
 * LAYOUT_MAX_MEGABYTES). A larger file goes as it is, through the column mapping step, which streams.
 */
export const LAYOUT_MAX_BYTES = LAYOUT_MAX_MEGABYTES * 1024 * 1024;

/** How long the preview waits for the user to stop changing the layout before asking again. */
const REANALYZE_AFTER_MS = 400;

/** What the user changed on a file's preview; unset, the recognized layout and the default apply. */
export interface LayoutChoices {
  layout?: Layout;
  createAccounts?: boolean;
  /** A trial balance: also posted to the ledger as its opening journal ("Use as opening balances"). */
  openingBalances?: boolean;
}

/** A chosen file, and how it will be read. */
export interface FileReading {
  uid: string;
  file: File;
  /**
   * Still being looked at; as it is (its columns are the data type's or a saved mapping's, or it is too
   * large for a layout); or read with a layout, previewed first.
   */
  way: 'checking' | 'as-is' | 'layout';
  /** The first analysis: what the file was recognized as, how surely, and whether its dates are ambiguous. */
  recognized?: FileAnalysis;
  /** The latest analysis: with the user's layout once they changed something. */
  analysis?: FileAnalysis;
  analyzing: boolean;
  /** The recognition failed: the file goes as it is. */
  error?: Error;
  /** A later analysis with the user's layout failed: the preview shows the last one that did not. */
  correctionError?: Error;
  retry: () => void;
  /** What the upload sends: the user's layout, else the recognized one. */
  layout?: Layout;
  createAccounts: boolean;
  /** Sent as opening balances too (a trial balance whose user ticked it). */
  openingBalances: boolean;
  /** The preview shows the file as the upload would send it now. */
  settled: boolean;
}

/**
 * For each chosen file of a data type that takes layouts (GL Detail, chart of accounts, trial balance): whether
 * it needs one — a file already in the data type's columns loads as it is — and, for those that do, the
 * analysis the preview shows, asked again (debounced) whenever the user changes the layout.
 */
export function useFileReadings(input: {
  organizationId: string | undefined;
  dataType: DataType | undefined;
  /** The period chosen for a period-based data type (a trial balance is read for it). */
  period: string | undefined;
  files: readonly { uid: string; file: File }[];
  choices: Readonly<Record<string, LayoutChoices>>;
}): FileReading[] {
  const { organizationId, dataType, period, files, choices } = input;
  const queryClient = useQueryClient();
  const asked = useDebouncedValue(choices, REANALYZE_AFTER_MS);
  const takesLayouts = Boolean(organizationId && layoutKindOf(dataType));
  const uploadKey = () => queryClient.fetchQuery(uploadKeyQueryOptions());

  const ways = useQueries({
    queries: files.map(({ uid, file }) => ({
      queryKey: ['upload-way', dataType?.id, uid, dataType?.columnMappings.length],
      queryFn: async (): Promise<'as-is' | 'layout'> => {
        if (!dataType || file.size > LAYOUT_MAX_BYTES) return 'as-is';
        const check = checkHeader(dataType, await readHeader(file, dataType.delimiter));
        return check.kind === 'ready' ? 'as-is' : 'layout';
      },
      enabled: takesLayouts,
      staleTime: Infinity,
    })),
  });
  const needsLayout = (index: number) => takesLayouts && ways[index]?.data === 'layout';
  const analysisOf = (index: number, layout: Layout | undefined) =>
    analyzeFileQueryOptions(
      {
        organizationId: organizationId ?? '',
        dataTypeId: dataType?.id ?? '',
        fileKey: files[index]!.uid,
        file: files[index]!.file,
        layout,
        period,
      },
      uploadKey,
    );
  const recognitions = useQueries({
    queries: files.map((_, index) => ({ ...analysisOf(index, undefined), enabled: needsLayout(index) })),
  });
  const corrections = useQueries({
    queries: files.map(({ uid }, index) => ({
      ...analysisOf(index, asked[uid]?.layout),
      enabled: needsLayout(index) && asked[uid]?.layout !== undefined,
      // The last preview stays on screen while the next is asked.
      placeholderData: keepPreviousData,
    })),
  });

  return files.map(({ uid, file }, index) => {
    const way = ways[index];
    const recognition = recognitions[index]!;
    const correction = corrections[index]!;
    const chosen = choices[uid] ?? {};
    if (!takesLayouts || way?.data === 'as-is' || way?.isError)
      return {
        uid,
        file,
        way: 'as-is',
        analyzing: false,
        retry: () => undefined,
        createAccounts: false,
        openingBalances: false,
        settled: true,
      };
    if (!way?.data)
      return {
        uid,
        file,
        way: 'checking',
        analyzing: false,
        retry: () => undefined,
        createAccounts: false,
        openingBalances: false,
        settled: false,
      };

    const recognized = recognition.data;
    const corrected = asked[uid]?.layout !== undefined;
    const analysis = (corrected ? correction.data : undefined) ?? recognized;
    const layout = chosen.layout ?? recognized?.layout;
    const analyzing = recognition.isFetching || (corrected && correction.isFetching);
    const upToDate =
      asked[uid]?.layout === chosen.layout &&
      (chosen.layout === undefined || (correction.isSuccess && !correction.isPlaceholderData));
    return {
      uid,
      file,
      way: 'layout',
      recognized,
      analysis,
      analyzing,
      error: recognition.error ?? undefined,
      correctionError: corrected ? (correction.error ?? undefined) : undefined,
      retry: () => void (recognition.isError ? recognition.refetch() : correction.refetch()),
      layout,
      createAccounts: chosen.createAccounts ?? (recognized?.preview.unknownAccounts.length ?? 0) > 0,
      openingBalances: chosen.openingBalances === true,
      // A failed recognition is settled too: the file goes as it is, and the page says so.
      settled: recognition.isError || (recognition.isSuccess && upToDate && !analyzing),
    };
  });
}
