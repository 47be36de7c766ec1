/** Where a big GL file's lines are staged while it uploads (ledger/upload-stages.ts); PostgreSQL only. */
export interface UploadStagesPort {
  /** Bytes at least this many before a file is staged. */
  readonly afterBytes: number;
  open(request: {
    organizationId: string;
    fileId: string;
    period: string;
    columns: readonly string[];
    delimiter: string;
  }): Promise<UploadStagePort | undefined>;
  drop(organizationId: string, fileId: string): Promise<void>;
  /** The organization's cash accounts now (a staged file's digest counts its cash flow by them: month-digest.ts). */
  cashAccounts(organizationId: string): Promise<string[]>;
}

export interface UploadStagePort {
  write(chunk: Uint8Array): Promise<void>;
  commit(accepted: { columns: readonly string[]; rows: number }): Promise<{ loadId: number } | undefined>;
  abort(): Promise<void>;
}

/**
 * Feeds a file's plain bytes to a stage as they arrive: held until `afterBytes` have come (a smaller file is not
 * staged) and the header is read, then the stage opened with the columns the header names and fed every chunk
 * in order. A file mapped by its header, or a stage that could not open, is not staged: the upload goes on alike.
 */
export function stageWhileArriving(
  stages: UploadStagesPort,
  file: { organizationId: string; fileId: string; period: string; delimiter: string },
) {
  let held: Uint8Array[] | undefined = [];
  let heldBytes = 0;
  let stage: UploadStagePort | undefined;
  return {
    /**
     * The next chunk, with what the check has read of the header so far (`DataTypeCsvReader.headerColumns`:
     * undefined before it, null for a file that is mapped).
     */
    async write(chunk: Uint8Array, headerColumns: readonly string[] | null | undefined): Promise<void> {
      if (stage) return stage.write(chunk);
      if (!held) return;
      held.push(chunk);
      heldBytes += chunk.byteLength;
      if (heldBytes < stages.afterBytes || headerColumns === undefined) return;
      const chunks = held;
      held = undefined;
      if (headerColumns === null) return;
      stage = await stages.open({ ...file, columns: headerColumns });
      for (const earlier of chunks) await stage?.write(earlier);
    },
    /** The file was accepted with these copy-ready columns and rows: its stage's lines, if they are kept. */
    commit: (accepted: { columns: readonly string[]; rows: number }) =>
      stage ? stage.commit(accepted) : Promise.resolve(undefined),
    /** The file was refused, or is not copy-ready: nothing is kept. */
    abort: async () => {
      held = undefined;
      await stage?.abort();
    },
  };
}
