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

/** Bytes held while a stage opens; past them the upload waits for it (a slow database must not fill memory). */
export const MAX_HELD_BYTES = 32 * 1024 * 1024;

/**
 * Feeds a file's plain bytes to a stage as they arrive: held until `afterBytes` have come (a smaller file is not
 * staged) and the header is read, then the stage opened with the columns the header names and fed every chunk
 * in order. The stage opens while the upload goes on reading (its chunks held meanwhile, up to MAX_HELD_BYTES). A file mapped by its header, or a stage that could not open, is not staged: the upload
 * goes on alike.
 */
export function stageWhileArriving(
  stages: UploadStagesPort,
  file: { organizationId: string; fileId: string; period: string; delimiter: string },
) {
  let held: Uint8Array[] | undefined = [];
  let heldBytes = 0;
  let stage: UploadStagePort | undefined;
  let opening: Promise<void> | undefined;

  /** Opens the stage and feeds it what was held, and what arrives meanwhile; then the chunks go straight in. */
  async function open(columns: readonly string[]) {
    const opened = await stages.open({
      organizationId: file.organizationId,
      fileId: file.fileId,
      period: file.period,
      delimiter: file.delimiter,
      columns,
    });
    if (!opened || !held) {
      if (opened) await opened.abort();
      held = undefined;
      return;
    }
    try {
      // Chunks that arrive while earlier ones are written join the end of `held`: the loop takes them too.
      for (const chunk of held) await opened.write(chunk);
    } catch {
      held = undefined;
      await opened.abort().catch(() => undefined);
      return;
    }
    held = undefined;
    stage = opened;
  }

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
      if (opening) {
        if (heldBytes > MAX_HELD_BYTES) await opening;
        return;
      }
      if (heldBytes < stages.afterBytes || headerColumns === undefined) return;
      if (headerColumns === null) {
        held = undefined;
        return;
      }
      // A stage that cannot be opened or fed is no upload's failure: the file goes unstaged.
      opening = open(headerColumns).catch(() => {
        held = undefined;
      });
    },
    /** The file was accepted with these copy-ready columns and rows: its stage's lines, if they are kept. */
    async commit(accepted: { columns: readonly string[]; rows: number }) {
      await opening;
      return stage ? stage.commit(accepted) : undefined;
    },
    /** The file was refused, or is not copy-ready: nothing is kept. */
    async abort() {
      held = undefined;
      await opening;
      await stage?.abort();
    },
  };
}
