import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FAILED_SYNC_STATUSES,
  type PortfolioFlag,
  type PortfolioSort,
  type portfolioQuerySchema,
} from '@finboard/shared/portfolio';
import { reportPackMessages } from '@finboard/shared/report-packs';
import { rowsOf, type Executor } from '../../db/client.ts';
import { likeContaining } from '../../db/like.ts';
import { organizationSummaries } from '../../db/schema.ts';
import type { SummaryFigures } from './summary-figures.ts';

export type PortfolioQuery = z.output<typeof portfolioQuerySchema>;

/** One organization of the portfolio as the query answers it (flags computed in SQL, below). */
export interface PortfolioRow {
  id: string;
  name: string;
  baseCurrency: string;
  latestPeriod: string | null;
  revenueLatestMonth: string | null;
  netIncomeLatestMonth: string | null;
  cashLatest: string | null;
  revenueYtd: string | null;
  netIncomeYtd: string | null;
  sparkline: unknown;
  runStatus: string | null;
  runAt: Date | string | null;
  syncStatus: string | null;
  syncAt: Date | string | null;
  packSentAt: Date | string | null;
  flags: PortfolioFlag[] | string;
}

/**
 * Each flag's rule, over the columns of `facts` below: written once, used for the answer's `flags` and for the
 * filter, so a filtered page lists exactly the organizations showing that flag. `$lastClosed` is the month
 * before the current UTC month.
 */
function flagRules(lastClosed: string): Record<PortfolioFlag, SQL> {
  return {
    noData: sql`latest_period is null`,
    stale: sql`latest_period < ${lastClosed}`,
    runFailed: sql`run_status = 'failed'`,
    syncFailed: sql`sync_status in (${sql.join(
      FAILED_SYNC_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})`,
    tieOutDifference: sql`coalesce(pack_held_for_tie_out, false)`,
  };
}

/** Sort keys; nulls always last, ties by name (A to Z) and id, so pages never overlap. */
const SORT_KEYS: Record<PortfolioSort, SQL> = {
  name: sql`lower(name)`,
  latestPeriod: sql`latest_period`,
  revenueLatestMonth: sql`revenue_latest_month`,
  netIncomeLatestMonth: sql`net_income_latest_month`,
  cashLatest: sql`cash_latest`,
  revenueYtd: sql`revenue_ytd`,
  netIncomeYtd: sql`net_income_ytd`,
  lastRunAt: sql`run_at`,
  lastSyncAt: sql`sync_at`,
  lastPackSentAt: sql`pack_sent_at`,
};

/**
 * Every organization ⟕ its summary ⟕ its last pipeline run ⟕ its last accounting sync (each through its
 * `(organization_id, queued_at)` index) ⟕ its report packs' last sent run and whether their last finished run
 * was held for a tie-out difference (pack runs summed in one pass).
 */
const FACTS = sql`packs as (
    select r.organization_id,
      max(r.finished_at) filter (where r.status = 'succeeded' and r.deliver) as sent_at,
      (array_agg(r.status = 'held' and r.message = ${reportPackMessages.tieOutDifference}
        order by r.finished_at desc))[1] as held_for_tie_out
    from report_pack_runs r where r.finished_at is not null
    group by r.organization_id
  ), facts as (
    select o.id, o.name, o.base_currency, s.latest_period, s.revenue_latest_month, s.net_income_latest_month,
      s.cash_latest, s.revenue_ytd, s.net_income_ytd, coalesce(s.sparkline, '[]'::jsonb) as sparkline,
      run.status as run_status, run.at as run_at, sync.status as sync_status, sync.at as sync_at,
      packs.sent_at as pack_sent_at, packs.held_for_tie_out as pack_held_for_tie_out
    from organizations o
    left join organization_summaries s on s.organization_id = o.id
    left join lateral (
      select p.status, coalesce(p.finished_at, p.started_at, p.queued_at) as at from pipeline_runs p
      where p.organization_id = o.id order by p.queued_at desc limit 1
    ) run on true
    left join lateral (
      select y.status, coalesce(y.finished_at, y.started_at, y.queued_at) as at from sync_runs y
      where y.organization_id = o.id order by y.queued_at desc limit 1
    ) sync on true
    left join packs on packs.organization_id = o.id
  )`;

const amount = (value: number | null) => (value === null ? null : value.toFixed(2));

export const portfolioRepository = (db: Executor) => ({
  /** One page of the portfolio, sorted and filtered, and the filtered total: one statement over FACTS. */
  async page(query: PortfolioQuery, lastClosed: string): Promise<{ rows: PortfolioRow[]; total: number }> {
    const rules = flagRules(lastClosed);
    const flags = sql.join(
      (Object.entries(rules) as [PortfolioFlag, SQL][]).map(
        ([flag, rule]) => sql`case when ${rule} then ${flag}::text end`,
      ),
      sql`, `,
    );
    const conditions = [
      query.name ? sql`name ilike ${likeContaining(query.name)}` : undefined,
      query.flag ? rules[query.flag] : undefined,
    ].filter((part): part is SQL => part !== undefined);
    const filtered = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const direction = query.sortOrder === 'desc' ? sql`desc` : sql`asc`;
    const result = await db.execute(sql`
      with ${FACTS}
      select id, name, base_currency as "baseCurrency", latest_period as "latestPeriod",
        revenue_latest_month::text as "revenueLatestMonth", net_income_latest_month::text as "netIncomeLatestMonth",
        cash_latest::text as "cashLatest", revenue_ytd::text as "revenueYtd", net_income_ytd::text as "netIncomeYtd",
        sparkline, run_status as "runStatus", run_at as "runAt", sync_status as "syncStatus", sync_at as "syncAt",
        pack_sent_at as "packSentAt", array_remove(array[${flags}], null) as flags,
        count(*) over ()::int as total
      from facts ${filtered}
      order by ${SORT_KEYS[query.sort]} ${direction} nulls last, lower(name), id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
    const rows = rowsOf<PortfolioRow & { total: number }>(result);
    if (rows[0] || query.page === 1) return { rows, total: Number(rows[0]?.total ?? 0) };
    // A page past the end has no row to carry the total: only then is it counted apart.
    const [counted] = rowsOf<{ total: number }>(
      await db.execute(sql`with ${FACTS} select count(*)::int as total from facts ${filtered}`),
    );
    return { rows, total: Number(counted?.total ?? 0) };
  },

  /** Writes an organization's summary (insert or replace). */
  async save(organizationId: string, figures: SummaryFigures): Promise<void> {
    const values = {
      latestPeriod: figures.latestPeriod,
      revenueLatestMonth: amount(figures.revenueLatestMonth),
      netIncomeLatestMonth: amount(figures.netIncomeLatestMonth),
      cashLatest: amount(figures.cashLatest),
      revenueYtd: amount(figures.revenueYtd),
      netIncomeYtd: amount(figures.netIncomeYtd),
      sparkline: figures.sparkline,
      refreshedAt: new Date(),
    };
    await db
      .insert(organizationSummaries)
      .values({ organizationId, ...values })
      .onConflictDoUpdate({ target: organizationSummaries.organizationId, set: values });
  },

  /** Organizations without a summary yet (an installation from before the portfolio), oldest first. */
  async missing(): Promise<string[]> {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`select o.id from organizations o
        where not exists (select 1 from organization_summaries s where s.organization_id = o.id)
        order by o.created_at, o.id`),
    );
    return rows.map((row) => row.id);
  },
});

export type PortfolioRepository = ReturnType<typeof portfolioRepository>;
