import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { newInstanceId } from '../process-identity.ts';
import type { FileHold, FileHoldsRepository, FilePlace } from './file-holds.repository.ts';

export type { FileHold, FilePlace } from './file-holds.repository.ts';

/**
 * Which files a request of a live process is writing or using, kept in the database because several processes
 * share the stores (API nodes and `npm run worker`s). A file of a request is held from before its first byte
 * until it is deleted or recorded where it belongs; this process renews its holds while it lives, as job
 * workers beat for their jobs. A hold left unrenewed past the stale period is a dead process's: the orphan
 * sweep (modules/uploads/orphan-files.service.ts) takes it and removes the file.
 */
export interface FileHolds {
  /** This process, as its holds name it. */
  readonly holder: string;
  /** Recorded before the file's first byte: no sweep removes the file, or its temporary files, while it lasts. */
  take(place: FilePlace): Promise<FileHold>;
  /**
   * Ends holds whose files were deleted or recorded; `executor` is the transaction that records them, so the
   * record and the end of the hold commit together. Answers how many this process still held: fewer means a
   * sweep took one (this process stalled past the stale period) and its file may be gone.
   */
  release(holds: readonly FileHold[], executor?: Executor): Promise<number>;
  /** Takes the holds of other processes not renewed within `olderThanMs` (each goes to one taker). */
  takeDead(olderThanMs: number): Promise<FileHold[]>;
  /** Every hold there is now. */
  all(): Promise<FileHold[]>;
  /** Stops renewing (on close, once no request runs any more): what is still held dies with the process. */
  stop(): void;
}

export function createFileHolds(deps: {
  repository: FileHoldsRepository;
  /** The executor `release` uses when given none. */
  db: Executor;
  logger: FastifyBaseLogger;
  /** JOB_STALE_AFTER_SECONDS: holds are renewed six times within it, as jobs' heartbeats are. */
  staleAfterMs: number;
}): FileHolds {
  const { repository, db, logger, staleAfterMs } = deps;
  const holder = newInstanceId();
  const mine = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const renew = () => {
    if (mine.size === 0) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    repository.renew(holder).catch((err: unknown) => logger.error({ err }, 'renewing file holds failed'));
  };

  return {
    holder,

    async take(place) {
      const hold = await repository.insert(holder, place);
      mine.add(hold.id);
      if (!timer) {
        timer = setInterval(renew, staleAfterMs / 6);
        // Holds must not keep a process (or a test) alive: a process that ends takes its requests with it.
        timer.unref();
      }
      return hold;
    },

    async release(holds, executor = db) {
      const ids = holds.map((hold) => hold.id);
      try {
        return await repository.delete(executor, holder, ids);
      } finally {
        // No longer renewed even when the delete failed: the hold then dies and the sweep takes its file.
        for (const id of ids) mine.delete(id);
      }
    },

    takeDead: (olderThanMs) => repository.takeDead(holder, olderThanMs),

    all: () => repository.all(),

    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
