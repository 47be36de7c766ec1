import { sql, type SQL } from 'drizzle-orm';
import type { GlLine, GlLines } from '@finboard/shared/reports';
import { rowsOf, type Executor } from '../../db/client.ts';
import { qualifiedSql } from '../../warehouse/identifiers.ts';
import type { WarehouseService } from '../../warehouse/warehouse.service.ts';
import type { PeriodRow } from './periods.ts';
import type {
  Account,
  BudgetLine,
  CashFlow,
  CounterpartySum,
  Movement,
  PeriodRange,
  Slice,
  StatementLedger,
  StatementReads,
} from './statement-kit.ts';

/**
 * The reports' reads of an organization's warehouse, in one transaction as its role. Statements read the
 * monthly aggregates (warehouse migration 2); only drill-down and the counterparty sums read 02_GL_Detail.
 * The SQL only selects and sums (debit and credit apart, as integer cents: exact, sums are numeric in SQL);
 * what the figures mean — signs, earnings, cash, variances — is the statements' (statement-kit.ts).
 */

/** 00_Period, the filters' values and when the aggregates were refreshed. */
export interface ReportsContext {
  periods: PeriodRow[];
  lastData: string | null;
  refreshedAt: string | null;
  entities: string[];
  departments: string[];
}

/** Which GL lines the drill-down lists. */
export type GlLineFilter = {
  from: string;
  to: string;
  accountCode?: string;
  accountType?: string;
  accountSubtype?: string;
  counterparty?: string;
} & Slice;

/** The reads of one transaction. */
export interface ReportsReader {
  context(): Promise<ReportsContext>;
  accounts(): Promise<Map<string, Account>>;
  /** What a statement asked for (`reads`), in the slice. */
  ledger(reads: StatementReads, slice: Slice): Promise<StatementLedger>;
  /**
   * Debit − credit (cents) per month, account and counterparty (lower-cased, trimmed) of the lines on `accountCodes`
   * whose counterparty is one of `counterparties` (lower-cased, trimmed): what consolidation's eliminations match.
   */
  intercompany(
    accountCodes: readonly string[],
    counterparties: readonly string[],
    slice: Slice,
  ): Promise<{ period: string; accountCode: string; counterparty: string; cents: number }[]>;
  /** One page of GL lines and, over all of them, their count, debit and credit. */
  glLines(filter: GlLineFilter, page: { limit: number; offset: number }): Promise<GlLines>;
}

export interface ReportsRepository {
  /** Runs `work` in one transaction of the organization's warehouse, as the organization's role. */
  read<T>(organizationId: string, work: (reader: ReportsReader) => Promise<T>): Promise<T>;
}

export function createReportsRepository(
  warehouse: Pick<WarehouseService, 'withOrganization' | 'schemaOf'>,
): ReportsRepository {
  return {
    read(organizationId, work) {
      const schema = warehouse.schemaOf(organizationId);
      return warehouse.withOrganization(organizationId, (tx) => work(readerOf(tx, schema)));
    },
  };
}

const cents = (value: unknown) => Number(value ?? 0);

function sliceOf(alias: string, slice: Slice, withDepartment = true): SQL {
  const parts: SQL[] = [];
  if (slice.entity !== undefined) parts.push(sql`and ${sql.raw(alias)}.entity = ${slice.entity}`);
  if (withDepartment && slice.department !== undefined)
    parts.push(sql`and ${sql.raw(alias)}.department = ${slice.department}`);
  return sql.join(parts, sql` `);
}

/** The dimensions a read keeps: those its slice filters on, and the department of a breakdown by it. */
function dimensionsOf(slice: Slice, byDepartment = false) {
  return { entity: slice.entity !== undefined, department: byDepartment || slice.department !== undefined };
}
/** The kept dimensions of a row (undefined: summed over). */
function keptOf(
  kept: { entity: boolean; department: boolean },
  row: { entity: string | null; department: string | null },
) {
  return {
    ...(kept.entity && { entity: row.entity }),
    ...(kept.department && { department: row.department }),
  };
}

function readerOf(tx: Executor, schema: string): ReportsReader {
  const t = (name: string) => qualifiedSql(schema, name);

  // The chart, read once per transaction: it names the accounts' lines and gives movements and budget lines
  // their account's type and subtype (cheaper than a join: measured ~3 ms on the ~3,000 rows of two years).
  let chart: Promise<Map<string, Account>> | undefined;
  const accounts = () =>
    (chart ??= tx
      .execute(
        sql`select account_code as code, account_name as name, account_type as type,
          account_subtype as subtype from ${t('01_Account')} order by account_code`,
      )
      .then((result) => new Map(rowsOf<Account>(result).map((row) => [row.code, row]))));

  /**
   * Movements per period and account (and entity and department when kept) for the periods of each range
   * ([from, to]; from null: since the beginning).
   */
  async function movements(
    ranges: readonly PeriodRange[],
    slice: Slice,
    options: { byDepartment?: boolean },
  ): Promise<Movement[]> {
    const within = sql.join(
      ranges.map((range) =>
        range.from === null ? sql`m.period <= ${range.to}` : sql`m.period between ${range.from} and ${range.to}`,
      ),
      sql` or `,
    );
    // The grain that keeps just the dimensions the filter and the breakdown need (aggregates.ts).
    const kept = dimensionsOf(slice, options.byDepartment);
    const grain = (kept.entity ? 2 : 0) + (kept.department ? 1 : 0);
    const chartOf = await accounts();
    // Only the columns the grain keeps: a fiscal year is thousands of rows, and every column costs.
    const rows = rowsOf<{
      period: string;
      account_code: string;
      entity: string | null;
      department: string | null;
      debit: string;
      credit: string;
    }>(
      await tx.execute(sql`select m.period, m.account_code${kept.entity ? sql`, m.entity` : sql``}${
        kept.department ? sql`, m.department` : sql``
      }, (m.debit * 100)::bigint as debit, (m.credit * 100)::bigint as credit
        from ${t('05_Monthly_Balance')} m
        where m.grain = ${grain} and (${within}) ${sliceOf('m', slice)}`),
    );
    // A plain loop, not spreads: this runs for every row of every statement.
    return rows.map((row) => {
      const account = chartOf.get(row.account_code);
      const movement: Movement = {
        period: row.period,
        accountCode: row.account_code,
        accountType: account?.type ?? null,
        accountSubtype: account?.subtype ?? null,
        debit: cents(row.debit),
        credit: cents(row.credit),
      };
      if (kept.entity) movement.entity = row.entity;
      if (kept.department) movement.department = row.department;
      return movement;
    });
  }

  /** Budget amounts (reading signs) per period, account and department; budgets have no entity. */
  async function budget(from: string, to: string, department: string | undefined): Promise<BudgetLine[]> {
    const chartOf = await accounts();
    const rows = rowsOf<{ period: string; account_code: string; department: string | null; amount: string }>(
      await tx.execute(sql`select b.period, b.account_code, b.department, (sum(b.amount) * 100)::bigint as amount
        from ${t('03_Budget')} b
        where b.period between ${from} and ${to}
          ${department === undefined ? sql`` : sql`and b.department = ${department}`}
        group by b.period, b.account_code, b.department`),
    );
    return rows.map((row) => ({
      period: row.period,
      accountCode: row.account_code,
      accountType: chartOf.get(row.account_code)?.type ?? null,
      accountSubtype: chartOf.get(row.account_code)?.subtype ?? null,
      department: row.department,
      amount: cents(row.amount),
    }));
  }

  /** Cash in and out per period (and entity and department when filtered), up to `to`. */
  async function cashFlows(to: string, slice: Slice): Promise<CashFlow[]> {
    const kept = dimensionsOf(slice);
    const rows = rowsOf<{
      period: string;
      entity: string | null;
      department: string | null;
      cash_in: string;
      cash_out: string;
    }>(
      await tx.execute(sql`select c.period, ${kept.entity ? sql`c.entity` : sql`null::text`} as entity,
          ${kept.department ? sql`c.department` : sql`null::text`} as department,
          (sum(c.cash_in) * 100)::bigint as cash_in, (sum(c.cash_out) * 100)::bigint as cash_out
        from ${t('05_Monthly_Cash_Flow')} c where c.period <= ${to} ${sliceOf('c', slice)}
        group by 1, 2, 3`),
    );
    return rows.map((row) => ({
      period: row.period,
      ...keptOf(kept, row),
      cashIn: cents(row.cash_in),
      cashOut: cents(row.cash_out),
    }));
  }

  /** Debit, credit and lines of expense accounts per counterparty over the range, from the ledger itself. */
  async function counterparties(from: string, to: string, slice: Slice): Promise<CounterpartySum[]> {
    const kept = dimensionsOf(slice);
    const rows = rowsOf<{
      counterparty: string | null;
      account_type: string | null;
      entity: string | null;
      department: string | null;
      debit: string;
      credit: string;
      lines: number;
    }>(
      await tx.execute(sql`select g.counterparty, a.account_type,
          ${kept.entity ? sql`g.entity` : sql`null::text`} as entity,
          ${kept.department ? sql`g.department` : sql`null::text`} as department,
          (sum(g.debit) * 100)::bigint as debit, (sum(g.credit) * 100)::bigint as credit, count(*)::int as lines
        from ${t('02_GL_Detail')} g join ${t('01_Account')} a on a.account_code = g.account_code
        where a.account_type = 'expense' and g.period between ${from} and ${to} ${sliceOf('g', slice)}
        group by 1, 2, 3, 4`),
    );
    return rows.map((row) => ({
      counterparty: row.counterparty,
      accountType: row.account_type,
      ...keptOf(kept, row),
      debit: cents(row.debit),
      credit: cents(row.credit),
      lines: row.lines,
    }));
  }

  return {
    /** 00_Period, the filters' values and when the aggregates were refreshed: one round trip. */
    async context() {
      const [state] = rowsOf<{
        periods: { period: string; fiscal_year: number; fiscal_period: number }[] | null;
        last_data: string | null;
        refreshed_at: Date | string | null;
        entities: string[] | null;
        departments: string[] | null;
      }>(
        await tx.execute(sql`select
          (select json_agg(json_build_object('period', "Period", 'fiscal_year', fiscal_year,
             'fiscal_period', fiscal_period) order by "Period") from ${t('00_Period')}) as periods,
          r.last_period as last_data, r.refreshed_at, r.entities, r.departments
          from (select 1) one left join ${t('05_Aggregate_Refresh')} r on true`),
      );
      return {
        periods: (state?.periods ?? []).map((row) => ({
          period: row.period,
          fiscalYear: Number(row.fiscal_year),
          fiscalPeriod: Number(row.fiscal_period),
        })),
        lastData: state?.last_data ?? null,
        refreshedAt: state?.refreshed_at ? new Date(state.refreshed_at).toISOString() : null,
        entities: state?.entities ?? [],
        departments: state?.departments ?? [],
      };
    },

    accounts,

    async ledger(reads, slice) {
      const [movementRows, budgetRows, cashFlowRows, counterpartyRows] = await Promise.all([
        movements(reads.movements.ranges, slice, { byDepartment: reads.movements.byDepartment }),
        reads.budget ? budget(reads.budget.from, reads.budget.to, slice.department) : [],
        reads.cashFlows ? cashFlows(reads.cashFlows.to, slice) : [],
        reads.counterparties ? counterparties(reads.counterparties.from, reads.counterparties.to, slice) : [],
      ]);
      return { movements: movementRows, budget: budgetRows, cashFlows: cashFlowRows, counterparties: counterpartyRows };
    },

    async intercompany(accountCodes, counterparties, slice) {
      if (accountCodes.length === 0 || counterparties.length === 0) return [];
      const rows = rowsOf<{ period: string; account_code: string; counterparty: string; cents: string }>(
        await tx.execute(sql`select g.period, g.account_code, lower(btrim(g.counterparty)) as counterparty,
            ((sum(g.debit) - sum(g.credit)) * 100)::bigint as cents
          from ${t('02_GL_Detail')} g
          where g.account_code in (${sql.join(
            accountCodes.map((code) => sql`${code}`),
            sql`, `,
          )}) and lower(btrim(g.counterparty)) in (${sql.join(
            counterparties.map((name) => sql`${name}`),
            sql`, `,
          )}) ${sliceOf('g', slice, false)}
          group by 1, 2, 3`),
      );
      return rows.map((row) => ({
        period: row.period,
        accountCode: row.account_code,
        counterparty: row.counterparty,
        cents: cents(row.cents),
      }));
    },

    async glLines(filter, page) {
      const where = sql`g.period between ${filter.from} and ${filter.to}
      ${filter.accountCode === undefined ? sql`` : sql`and g.account_code = ${filter.accountCode}`}
      ${filter.accountType === undefined ? sql`` : sql`and a.account_type = ${filter.accountType}`}
      ${filter.accountSubtype === undefined ? sql`` : sql`and a.account_subtype = ${filter.accountSubtype}`}
      ${filter.counterparty === undefined ? sql`` : sql`and g.counterparty = ${filter.counterparty}`}
      ${sliceOf('g', filter)}`;
      const from = sql`from ${t('02_GL_Detail')} g
      left join ${t('01_Account')} a on a.account_code = g.account_code`;
      const [summary] = rowsOf<{ total: number; debit: string; credit: string }>(
        await tx.execute(sql`select count(*)::int as total, (coalesce(sum(g.debit), 0) * 100)::bigint as debit,
        (coalesce(sum(g.credit), 0) * 100)::bigint as credit ${from} where ${where}`),
      );
      const total = summary?.total ?? 0;
      const rows =
        total > page.offset
          ? rowsOf<Omit<GlLine, 'row_id' | 'debit' | 'credit'> & { row_id: string; debit: string; credit: string }>(
              await tx.execute(sql`select g.row_id, g.journal_id, g.line_no,
                to_char(g.posting_date, 'YYYY-MM-DD') as posting_date, g.period, g.account_code,
                a.account_name, g.description, g.debit::text as debit, g.credit::text as credit, g.entity,
                g.department, g.counterparty, g.source, g.reference
              ${from} where ${where}
              order by g.period, g.journal_id, g.line_no, g.source, g.row_id
              limit ${page.limit} offset ${page.offset}`),
            )
          : [];
      return {
        rows: rows.map((row): GlLine => ({
          ...row,
          row_id: Number(row.row_id),
          debit: Number(row.debit),
          credit: Number(row.credit),
        })),
        total,
        debit: cents(summary?.debit) / 100,
        credit: cents(summary?.credit) / 100,
      };
    },
  };
}
