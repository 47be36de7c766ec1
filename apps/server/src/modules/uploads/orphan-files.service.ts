import type { FastifyBaseLogger } from 'fastify';
import type { FileHolds, FilePlace } from '../../platform/storage/file-holds.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { fileIdOf, orphansAmong, UNHELD_GRACE_MS, type FoundFile } from './orphan-files.ts';
import { CONTAINER_UPLOAD_FOLDERS } from './upload-folders.ts';

/** What the sweep does with a storage: look, and remove. */
type SweptStorage = Pick<FileStorage, 'list' | 'delete'>;

export interface SweepResult {
  files: number;
  bytes: number;
}

/** How often every file is looked at again, besides at start-up (the dead holds' files: far more often). */
const FULL_SWEEP_EVERY_MS = 24 * 3600 * 1000;

export type OrphanFilesSweeper = ReturnType<typeof createOrphanFilesSweeper>;

/**
 * Removes the files a killed process left behind (uploads and Import Flat File copies, whole or half
 * written) from the platform's storage and the organizations' containers, by the rules of orphan-files.ts.
 * At start-up it looks at every file of those places; then, on a timer as job recovery does, at the files
 * of holds whose process stopped renewing them; and once a day at every file again. Each sweep that
 * removed something (and the start-up one always) logs one line with the files and bytes removed.
 */
export function createOrphanFilesSweeper(deps: {
  holds: Pick<FileHolds, 'takeDead' | 'all'>;
  /** The platform's storage (DATA_DIR/files). */
  storage: SweptStorage;
  /** The configured ContainerStore. */
  containers: { files(container: string): SweptStorage };
  /** The organizations' containers (their onboarding storage steps). */
  containerNames: () => Promise<string[]>;
  /** Which of these ids uploaded files have. */
  committedIds: (ids: readonly string[]) => Promise<Set<string>>;
  /**
   * Uploads' stages (ledger/upload-stages.ts): each full sweep drops those whose file is neither held by a live
   * upload (the ids of `live`) nor waiting for its run; answers how many.
   */
  stages?: { sweep(live: ReadonlySet<string>): Promise<number> };
  logger: FastifyBaseLogger;
  /** JOB_STALE_AFTER_SECONDS: a hold unrenewed this long is a dead process's. */
  staleAfterMs: number;
  /** The database lives in this process (PGlite): at start every other process's hold is dead. */
  soleHolder: boolean;
  graceMs?: number;
  now?: () => Date;
}) {
  const { holds, storage, containers, containerNames, committedIds, stages, logger, staleAfterMs, soleHolder } = deps;
  const { graceMs = UNHELD_GRACE_MS, now = () => new Date() } = deps;
  const storageOf = (container: string | null) => (container === null ? storage : containers.files(container));
  const timers: NodeJS.Timeout[] = [];
  let sweeping: Promise<unknown> = Promise.resolve();
  let stopped = false;

  // A sweep under way when the process stops ends at the next file: shutdown does not wait for a long listing.
  async function collect(into: Map<string, FoundFile>, container: string | null, prefix: string) {
    for await (const file of storageOf(container).list(prefix)) {
      if (stopped) return;
      into.set(`${container ?? ''}\u0000${file.key}`, { ...file, container });
    }
  }

  /**
   * One sweep: the dead holds' files, and with `everything` every file of the uploads' places. Files are
   * listed before the live holds are read: a hold is taken before its file's first byte, so a file listed
   * is either in those holds, or recorded (its id committed), or deleted already.
   */
  async function sweep(options: { everything: boolean; deadAfterMs: number }): Promise<SweepResult> {
    const dead = await holds.takeDead(options.deadAfterMs);
    const found = new Map<string, FoundFile>();
    for (const hold of dead) await collect(found, hold.container, hold.key);
    let live: FilePlace[] = [];
    if (options.everything) {
      await collect(found, null, '');
      for (const container of await containerNames())
        for (const folder of CONTAINER_UPLOAD_FOLDERS) await collect(found, container, `${folder}/`);
      live = await holds.all();
    }
    const files = [...found.values()];
    const rules = { files, live, dead, now: now(), graceMs };
    // The database is asked only about the files the rules would remove if nothing had been uploaded.
    const ids = orphansAmong({ ...rules, committed: new Set() }).flatMap((file) => fileIdOf(file.key) ?? []);
    const committed = ids.length > 0 ? await committedIds([...new Set(ids)]) : new Set<string>();
    const result: SweepResult = { files: 0, bytes: 0 };
    for (const file of orphansAmong({ ...rules, committed })) {
      if (stopped) break;
      try {
        await storageOf(file.container).delete(file.key);
      } catch (err) {
        logger.error({ err, container: file.container, key: file.key }, 'an orphan file could not be removed');
        continue;
      }
      result.files += 1;
      result.bytes += file.size;
    }
    if (options.everything && stages && !stopped) {
      const dropped = await stages
        .sweep(new Set(live.flatMap((place) => fileIdOf(place.key) ?? [])))
        .catch((err: unknown) => {
          logger.error({ err }, 'sweeping orphan upload stages failed');
          return 0;
        });
      if (dropped > 0) logger.info({ stages: dropped }, 'orphan upload stages dropped');
    }
    return result;
  }

  /** Sweeps one after the other: a timer's sweep never overlaps the one before it. */
  function queue(options: { everything: boolean; deadAfterMs: number }, always: boolean): Promise<void> {
    const run = sweeping.then(async () => {
      try {
        const removed = await sweep(options);
        if (always || removed.files > 0) logger.info(removed, 'orphan files removed');
      } catch (err) {
        logger.error({ err }, 'sweeping orphan files failed');
      }
    });
    sweeping = run;
    return run;
  }

  const every = (ms: number, task: () => unknown) => {
    const timer = setInterval(task, ms);
    // Like the job runner's timers: they must not keep a process (or a test) alive.
    timer.unref();
    timers.push(timer);
  };

  return {
    sweep,

    /** The start-up sweep, then the timers. */
    async start(): Promise<void> {
      await queue({ everything: true, deadAfterMs: soleHolder ? 0 : staleAfterMs }, true);
      if (stopped) return; // closed during the start-up sweep
      every(staleAfterMs / 2, () => queue({ everything: false, deadAfterMs: staleAfterMs }, false));
      every(FULL_SWEEP_EVERY_MS, () => queue({ everything: true, deadAfterMs: staleAfterMs }, false));
    },

    /** Stops the timers and waits for a sweep under way. */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await sweeping;
    },
  };
}
