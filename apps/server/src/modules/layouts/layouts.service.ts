import type { DataType } from '@finboard/shared/data-types';
import type { UploadEncryption } from '@finboard/shared/upload-encryption';
import {
  LAYOUT_CURRENCY,
  layoutApiMessages,
  layoutKindOf,
  type FileAnalysis,
  type Layout,
} from '@finboard/shared/layouts';
import { badRequest } from '../../errors.ts';
import { openUpload } from '../../platform/crypto/upload-opener.ts';
import type { UploadKeys } from '../../platform/crypto/upload-keys.ts';
import type { DataTypesService } from '../data-types/data-types.service.ts';
import { applyLayout, type ChartAccount, type TypeSuggester } from './apply-layout.ts';
import { canonicalFile, type CanonicalFile } from './canonical-file.ts';
import { layoutFingerprint } from './fingerprint.ts';
import { previewOf } from './preview.ts';
import { withBestSignConvention } from './sign-convention.ts';
import { recognizeLayout, recordsOf } from './recognize.ts';

/** What analyze reads of a file: the first part is enough to recognize it and show what will load. */
export const ANALYZE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Analyze, then load (issue 23 §2): a sealed file is opened, recognized (or read with the layout the user
 * corrected) and laid out against the organization's chart, and the page gets what would load — before
 * anything is stored.
 */
export function createLayoutsService(deps: {
  /** The organization's chart of accounts (code and name). */
  chart: (organizationId: string) => Promise<ChartAccount[]>;
  uploadKeys: UploadKeys;
  /** The type a new account would get (account-types.ts). */
  suggest: TypeSuggester;
  /** Layouts confirmed on earlier uploads, by data type and header fingerprint. */
  savedLayouts: Pick<DataTypesService, 'savedLayout'>;
}) {
  const { chart, uploadKeys, suggest, savedLayouts } = deps;

  async function analyze(input: {
    organizationId: string;
    dataType: Pick<DataType, 'id' | 'targetTable'>;
    encryption: UploadEncryption;
    body: AsyncIterable<Uint8Array>;
    /** The browser sent the file's first part only. */
    partial: boolean;
    /** The user's corrected layout: the preview follows it instead of a recognizer's. */
    layout?: Layout;
    /** The period chosen on the page (a trial balance's). */
    period?: string;
  }): Promise<FileAnalysis> {
    const kind = layoutKindOf(input.dataType);
    if (!kind) {
      await input.body[Symbol.asyncIterator]().return?.();
      throw badRequest('LAYOUT_NOT_FOR_TABLE', layoutApiMessages.notForTable);
    }
    const { bytes, cut } = await firstBytes(openUpload(input.body, input.encryption, uploadKeys), ANALYZE_MAX_BYTES);
    const partial = input.partial || cut;
    const recognition = input.layout ? undefined : recognizeLayout(bytes, kind);
    // A file of a shape confirmed before is read as it was then (its title lines may differ).
    const saved = recognition
      ? await savedLayouts.savedLayout(input.organizationId, input.dataType.id, layoutFingerprint(recognition.header))
      : undefined;
    const proposed =
      input.layout ?? (saved ? { ...saved, headerLine: recognition!.layout.headerLine } : recognition!.layout);
    let records = recordsOf(bytes, proposed);
    // A part of a file ends anywhere: its last record may be cut.
    if (partial) records = records.slice(0, -1);
    const accounts = await chart(input.organizationId);
    // Organizations keep their books in one currency (LAYOUT_CURRENCY) until multi-currency exists.
    const target = { kind, chart: accounts, currency: LAYOUT_CURRENCY, period: input.period };
    const layout = recognition && !saved ? withBestSignConvention(records, proposed, target, suggest) : proposed;
    const laidOut = applyLayout(records, layout, target, suggest);
    return {
      recognizedAs: layout.recognizedAs,
      confidence: saved || !recognition ? 1 : recognition.confidence,
      layout,
      layoutFrom: input.layout ? 'upload' : saved ? 'saved' : 'recognized',
      ambiguousDates: saved ? null : (recognition?.ambiguousDates ?? null),
      header: laidOut.header,
      preview: previewOf(laidOut, {
        chartCodes: new Set(accounts.map((account) => account.code)),
        suggest: (account) =>
          layout.accountTypes[account.code]
            ? { ...layout.accountTypes[account.code]!, vocabulary: 'you' }
            : suggest(account),
        partial,
      }),
    };
  }

  /**
   * A real export as a load reads it: laid out against the chart as it is now, in the data type's columns,
   * with the accounts to create (createAccounts) and the problems that refuse it.
   */
  async function canonicalOf(input: {
    organizationId: string;
    dataType: Pick<DataType, 'targetTable' | 'columns' | 'delimiter'>;
    bytes: Uint8Array;
    layout: Layout;
    createAccounts: boolean;
    period?: string;
  }): Promise<CanonicalFile> {
    const kind = layoutKindOf(input.dataType);
    if (!kind) throw badRequest('LAYOUT_NOT_FOR_TABLE', layoutApiMessages.notForTable);
    return canonicalFile(input.bytes, input.layout, {
      period: input.period,
      kind,
      columns: input.dataType.columns.map((column) => column.name),
      delimiter: input.dataType.delimiter,
      chart: await chart(input.organizationId),
      currency: LAYOUT_CURRENCY,
      suggest,
      createAccounts: input.createAccounts,
    });
  }

  return { analyze, canonicalOf };
}

export type LayoutsService = ReturnType<typeof createLayoutsService>;

/** The first `limit` bytes of a stream (the rest is read past, so the request completes). */
async function firstBytes(
  chunks: AsyncIterable<Uint8Array>,
  limit: number,
): Promise<{ bytes: Uint8Array; cut: boolean }> {
  const kept: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  for await (const chunk of chunks) {
    if (size >= limit) {
      cut = true;
      continue;
    }
    const part = chunk.subarray(0, limit - size);
    if (part.length < chunk.length) cut = true;
    kept.push(part);
    size += part.length;
  }
  return { bytes: Buffer.concat(kept), cut };
}
