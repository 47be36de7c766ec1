import type { FastifyBaseLogger } from 'fastify';
import type { PackRunTrigger } from '@finboard/shared/report-packs';
import { nextRunAt, periodDueAt } from './pack-schedule.ts';
import type { PackRow, PackRunRow, ReportPacksRepository } from './report-packs.repository.ts';
import type { TieOutReader } from './tie-out.repository.ts';

export interface PackSchedulerDeps {
  repository: Pick<ReportPacksRepository, 'duePacks' | 'claimDue' | 'insertOwnRun' | 'packsSentOnLoad'>;
  queueRun: (run: PackRunRow) => Promise<void>;
  tieOut: TieOutReader;
  logger: FastifyBaseLogger;
  /** How often due schedules are looked for (default a minute). */
  intervalMs?: number;
  now?: () => Date;
}

const BATCH = 100;

/**
 * Sends packs on their own (issue 27 §4). What is due lives in the database (`report_packs.next_run_at`), so a
 * restart loses nothing: a schedule missed while no process ran is sent at the next look. Each process looks
 * on a timer; the one that moves a pack's `next_run_at` on queues its run, and a pack is sent once per period
 * whatever triggers it (the runs' unique index), the monthly time or the period's data being loaded.
 */
export function createPackScheduler(deps: PackSchedulerDeps) {
  const { repository, queueRun, tieOut, logger } = deps;
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<number> = Promise.resolve(0);

  /** Inserts the pack's run for the period unless it has one, and queues it. */
  async function send(pack: PackRow, period: string, trigger: Exclude<PackRunTrigger, 'manual'>) {
    const run = await repository.insertOwnRun({
      organizationId: pack.organizationId,
      packId: pack.id,
      period,
      trigger,
      deliver: true,
    });
    if (run) await queueRun(run);
    return run !== undefined;
  }

  /** Sends every pack whose monthly time has come; answers how many runs it queued. */
  async function tick(): Promise<number> {
    let queued = 0;
    const at = now();
    for (const pack of await repository.duePacks(at, BATCH)) {
      const due = pack.nextRunAt!;
      const schedule = pack.schedule;
      const next = schedule ? nextRunAt(schedule, at) : null;
      if (!(await repository.claimDue(pack.id, due, next))) continue; // another process took it
      if (!schedule) continue;
      if (await send(pack, periodDueAt(due, schedule.timeZone), 'schedule')) queued += 1;
    }
    return queued;
  }

  return {
    tick,
    /**
     * A pipeline run or sync loaded data for the organization: each pack that sends on load sends the last
     * closed month (in its time zone) once that month has ledger lines. Never throws (logged).
     */
    async periodLoaded(organizationId: string): Promise<void> {
      try {
        for (const pack of await repository.packsSentOnLoad(organizationId)) {
          const period = periodDueAt(now(), pack.schedule!.timeZone);
          const totals = await tieOut.totals(organizationId, period);
          if (totals.ledger.periodLines > 0) await send(pack, period, 'data-loaded');
        }
      } catch (error) {
        logger.error({ err: error, organizationId }, 'report packs sent on load could not be queued');
      }
    },
    start(): void {
      const look = () => {
        ticking = ticking.then(tick).catch((error: unknown) => {
          logger.error({ err: error }, 'looking for scheduled report packs failed');
          return 0;
        });
      };
      look();
      timer = setInterval(look, deps.intervalMs ?? 60_000);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await ticking;
    },
  };
}

export type PackScheduler = ReturnType<typeof createPackScheduler>;
