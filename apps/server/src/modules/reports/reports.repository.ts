import { sql, type SQL } from 'drizzle-orm';
import type { GlLine } from '@finboard/shared/reports';
import { rowsOf, type Executor } from '../../db/client.ts';
import { qualifiedSql } from '../../warehouse/identifiers.ts';
import type { PeriodRow } from './periods.ts';

/**
 * The reports' reads, in the organization's transaction, of the warehouse `schema`. Statements read the
 * monthly aggregates (warehouse migration 2); only drill-down and the counterparty breakdown read
 * 02_GL_Detail. Amounts come back as integer cents (exact: sums are numeric in SQL).
 */

/** Entity and department filters; both optional. */
export interface Slice {
  entity?: string;
  department?: string;
}

export interface Account {
  code: string;
  name: string;
  type: string;
  subtype: string | null;
}

/** A sum over the monthly balances: net = debit − credit, in cents. */
export interface Movement {
  period: string;
  accountCode: string;
  department: string | null;
  net: number;
}

const cents = (value: unknown) => Number(value ?? 0);

function sliceOf(alias: string, slice: Slice, withDepartment = true): SQL {
  const parts: SQL[] = [];
  if (slice.entity !== undefined) parts.push(sql`and ${sql.raw(alias)}.entity = ${slice.entity}`);
  if (withDepartment && slice.department !== undefined)
    parts.push(sql`and ${sql.raw(alias)}.department = ${slice.department}`);
  return sql.join(parts, sql` `);
}

export const reportsRepository = {
  /** 00_Period, the filters' values and when the aggregates were refreshed: one round trip. */
  async context(tx: Executor, schema: string) {
    const [state] = rowsOf<{
      periods: { period: string; fiscal_year: number; fiscal_period: number }[] | null;
      last_data: string | null;
      refreshed_at: Date | string | null;
      entities: string[] | null;
      departments: string[] | null;
    }>(
      await tx.execute(sql`select
        (select json_agg(json_build_object('period', "Period", 'fiscal_year', fiscal_year,
           'fiscal_period', fiscal_period) order by "Period") from ${qualifiedSql(schema, '00_Period')}) as periods,
        r.last_period as last_data, r.refreshed_at, r.entities, r.departments
        from (select 1) one left join ${qualifiedSql(schema, '05_Aggregate_Refresh')} r on true`),
    );
    const periods: PeriodRow[] = (state?.periods ?? []).map((row) => ({
      period: row.period,
      fiscalYear: Number(row.fiscal_year),
      fiscalPeriod: Number(row.fiscal_period),
    }));
    return {
      periods,
      lastData: state?.last_data ?? null,
      refreshedAt: state?.refreshed_at ? new Date(state.refreshed_at).toISOString() : null,
      entities: state?.entities ?? [],
      departments: state?.departments ?? [],
    };
  },

  async accounts(tx: Executor, schema: string): Promise<Map<string, Account>> {
    const rows = rowsOf<Account>(
      await tx.execute(sql`select account_code as code, account_name as name, account_type as type,
        account_subtype as subtype from ${qualifiedSql(schema, '01_Account')} order by account_code`),
    );
    return new Map(rows.map((row) => [row.code, row]));
  },

  /**
   * Net movements per period and account (and department when `byDepartment`) for the periods of each
   * range ([from, to]; from null: since the beginning).
   */
  async movements(
    tx: Executor,
    schema: string,
    ranges: readonly { from: string | null; to: string }[],
    slice: Slice,
    options: { byDepartment?: boolean } = {},
  ): Promise<Movement[]> {
    const within = sql.join(
      ranges.map((range) =>
        range.from === null ? sql`m.period <= ${range.to}` : sql`m.period between ${range.from} and ${range.to}`,
      ),
      sql` or `,
    );
    // The grain that keeps just the dimensions the filter and the breakdown need (aggregates.ts).
    const byDepartment = options.byDepartment === true;
    const grain = (slice.entity !== undefined ? 2 : 0) + (byDepartment || slice.department !== undefined ? 1 : 0);
    const department = byDepartment ? sql`m.department` : sql`null::text`;
    const rows = rowsOf<{ period: string; account_code: string; department: string | null; net: string }>(
      await tx.execute(sql`select m.period, m.account_code, ${department} as department,
          (m.net * 100)::bigint as net
        from ${qualifiedSql(schema, '05_Monthly_Balance')} m
        where m.grain = ${grain} and (${within}) ${sliceOf('m', slice)}`),
    );
    return rows.map((row) => ({
      period: row.period,
      accountCode: row.account_code,
      department: row.department,
      net: cents(row.net),
    }));
  },

  /** Budget amounts (reading signs) per period, account and department; budgets have no entity. */
  async budget(tx: Executor, schema: string, from: string, to: string, department: string | undefined) {
    const rows = rowsOf<{ period: string; account_code: string; department: string | null; amount: string }>(
      await tx.execute(sql`select b.period, b.account_code, b.department, (sum(b.amount) * 100)::bigint as amount
        from ${qualifiedSql(schema, '03_Budget')} b
        where b.period between ${from} and ${to}
          ${department === undefined ? sql`` : sql`and b.department = ${department}`}
        group by b.period, b.account_code, b.department`),
    );
    return rows.map((row) => ({
      period: row.period,
      accountCode: row.account_code,
      department: row.department,
      amount: cents(row.amount),
    }));
  },

  /** Cash in and out per period (each journal's net effect on cash accounts), up to `to`. */
  async cashFlows(tx: Executor, schema: string, to: string, slice: Slice) {
    const rows = rowsOf<{ period: string; cash_in: string; cash_out: string }>(
      await tx.execute(sql`select c.period, (sum(c.cash_in) * 100)::bigint as cash_in,
          (sum(c.cash_out) * 100)::bigint as cash_out
        from ${qualifiedSql(schema, '05_Monthly_Cash_Flow')} c where c.period <= ${to} ${sliceOf('c', slice)}
        group by c.period`),
    );
    return rows.map((row) => ({ period: row.period, cashIn: cents(row.cash_in), cashOut: cents(row.cash_out) }));
  },

  /** Expenses (debit − credit of expense accounts) per counterparty, from the ledger itself. */
  async expensesByCounterparty(tx: Executor, schema: string, from: string, to: string, slice: Slice) {
    const rows = rowsOf<{ counterparty: string | null; net: string; lines: number }>(
      await tx.execute(sql`select g.counterparty, (sum(g.debit - g.credit) * 100)::bigint as net,
          count(*)::int as lines
        from ${qualifiedSql(schema, '02_GL_Detail')} g
          join ${qualifiedSql(schema, '01_Account')} a on a.account_code = g.account_code
        where a.account_type = 'expense' and g.period between ${from} and ${to} ${sliceOf('g', slice)}
        group by g.counterparty`),
    );
    return rows.map((row) => ({ counterparty: row.counterparty, net: cents(row.net), lines: row.lines }));
  },

  /** One page of GL lines and, over all of them, their count, debit and credit. */
  async glLines(
    tx: Executor,
    schema: string,
    filter: {
      from: string;
      to: string;
      accountCode?: string;
      accountType?: string;
      accountSubtype?: string;
      counterparty?: string;
    } & Slice,
    page: { limit: number; offset: number },
  ) {
    const where = sql`g.period between ${filter.from} and ${filter.to}
      ${filter.accountCode === undefined ? sql`` : sql`and g.account_code = ${filter.accountCode}`}
      ${filter.accountType === undefined ? sql`` : sql`and a.account_type = ${filter.accountType}`}
      ${filter.accountSubtype === undefined ? sql`` : sql`and a.account_subtype = ${filter.accountSubtype}`}
      ${filter.counterparty === undefined ? sql`` : sql`and g.counterparty = ${filter.counterparty}`}
      ${sliceOf('g', filter)}`;
    const from = sql`from ${qualifiedSql(schema, '02_GL_Detail')} g
      left join ${qualifiedSql(schema, '01_Account')} a on a.account_code = g.account_code`;
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
