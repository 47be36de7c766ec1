import { describe, expect, it } from 'vitest';
import type { PackSchedule } from '@finboard/shared/report-packs';
import { createPackScheduler } from './pack-scheduler.ts';
import type { PackRow, PackRunRow } from './report-packs.repository.ts';
import type { TieOutTotals } from './tie-out.repository.ts';

const schedule: PackSchedule = {
  frequency: 'monthly',
  dayOfMonth: 5,
  time: '09:00',
  timeZone: 'UTC',
  onPeriodLoaded: true,
};
const silent = { error: () => undefined, warn: () => undefined } as never;

/** Packs and runs in memory, with the database's two guarantees: a claim moves a time once, a period sends once. */
function fakeRepository(packs: PackRow[]) {
  const runs: PackRunRow[] = [];
  return {
    runs,
    duePacks: async (now: Date) => packs.filter((pack) => pack.nextRunAt && pack.nextRunAt <= now),
    claimDue: async (id: string, was: Date, next: Date | null) => {
      const pack = packs.find((candidate) => candidate.id === id)!;
      if (pack.nextRunAt?.getTime() !== was.getTime()) return false;
      pack.nextRunAt = next;
      return true;
    },
    insertOwnRun: async (values: Partial<PackRunRow>) => {
      if (runs.some((run) => run.packId === values.packId && run.period === values.period)) return undefined;
      const run = { ...values, id: `run-${runs.length + 1}`, status: 'queued' } as PackRunRow;
      runs.push(run);
      return run;
    },
    packsSentOnLoad: async (organizationId: string) =>
      packs.filter((pack) => pack.organizationId === organizationId && pack.schedule?.onPeriodLoaded),
  };
}
const pack = (nextRunAt: Date | null): PackRow =>
  ({ id: 'pack-1', organizationId: 'org-1', schedule, nextRunAt }) as PackRow;
const lines = (periodLines: number): TieOutTotals => {
  const side = { periodDebit: 0, periodCredit: 0, periodLines, toDateDebit: 0, toDateCredit: 0 };
  return { ledger: side, trialBalance: side };
};

describe('the pack scheduler', () => {
  it('queues a due pack for the month before, moves its time on, and never twice for the period', async () => {
    const packs = [pack(new Date('2026-04-05T09:00:00Z'))];
    const repository = fakeRepository(packs);
    const queued: string[] = [];
    const scheduler = createPackScheduler({
      repository,
      queueRun: async (run) => void queued.push(`${run.period} ${run.trigger}`),
      tieOut: { totals: async () => lines(1) },
      logger: silent,
      now: () => new Date('2026-04-20T00:00:00Z'),
    });
    expect(await scheduler.tick()).toBe(1);
    expect(packs[0]!.nextRunAt?.toISOString()).toBe('2026-05-05T09:00:00.000Z');
    expect(await scheduler.tick()).toBe(0);
    // The old time read again (a restart, another process): the period has its run.
    packs[0]!.nextRunAt = new Date('2026-04-05T09:00:00Z');
    expect(await scheduler.tick()).toBe(0);
    expect(queued).toEqual(['2026-03 schedule']);
  });

  it('sends the last closed month on load only once it has ledger lines, and once', async () => {
    const repository = fakeRepository([pack(null)]);
    let periodLines = 0;
    const scheduler = createPackScheduler({
      repository,
      queueRun: async () => undefined,
      tieOut: { totals: async () => lines(periodLines) },
      logger: silent,
      now: () => new Date('2026-11-28T10:00:00Z'),
    });
    await scheduler.periodLoaded('org-1');
    expect(repository.runs).toEqual([]);
    periodLines = 12;
    await scheduler.periodLoaded('org-1');
    await scheduler.periodLoaded('org-1');
    expect(repository.runs.map((run) => [run.period, run.trigger, run.deliver])).toEqual([
      ['2026-10', 'data-loaded', true],
    ]);
  });

  it('never throws when told of a load (a pipeline run must not fail for it)', async () => {
    const errors: unknown[] = [];
    const scheduler = createPackScheduler({
      repository: { ...fakeRepository([pack(null)]), packsSentOnLoad: async () => Promise.reject(new Error('down')) },
      queueRun: async () => undefined,
      tieOut: { totals: async () => lines(1) },
      logger: { error: (entry: unknown) => errors.push(entry) } as never,
    });
    await expect(scheduler.periodLoaded('org-1')).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
