/**
 * A warehouse exactly as Finboard provisioned it before numbered warehouse migrations (commit ad4036a):
 * a frozen copy of that version's DDL, grants and schema marker, so the migrator's tests upgrade what
 * production databases really hold. Self-contained on purpose (its own quoting, names and lists): a
 * later change to the warehouse code must not change this fixture. Never edit it.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { rowsOf } from '../src/db/client.ts';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualifiedName = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;
const hex = (organizationId: string) => organizationId.toLowerCase().replaceAll('-', '');
const CANONICAL_TABLES = ['00_Period', '01_Account', '02_GL_Detail', '03_Budget', '04_Trial_Balance'];
type CanonicalView = 'vw_profit_and_loss' | 'vw_balance_sheet' | 'vw_cash_flow' | 'vw_budget_vs_actual';
const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'];
const GL_SOURCES = ['upload', 'quickbooks', 'intacct', 'netsuite', 'manual'];
const warehouseMarker = () => 'finboard-warehouse:1';

/** What provisioning did for one organization, in the caller's transaction (provisionIn of that version). */
export async function provisionVersion1Warehouse(tx: Executor, organizationId: string): Promise<void> {
  const schema = `org_${hex(organizationId)}`;
  const role = `fb_${schema}`;
  const s = quoteIdent(schema);
  const r = quoteIdent(role);
  const run = (statement: string) => tx.execute(sql.raw(statement));

  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('finboard:warehouse:provision', 0))`);
  const [existing] = rowsOf<{ role: boolean; member: boolean }>(
    await tx.execute(sql`select exists (select 1 from pg_roles where rolname = ${role}) as role,
      exists (select 1 from pg_auth_members m join pg_roles g on g.oid = m.roleid
              where g.rolname = ${role} and m.member = (select oid from pg_roles where rolname = current_user)) as member`),
  );
  if (!existing?.role) await run(`CREATE ROLE ${r} NOLOGIN`);
  if (!existing?.member) await run(`GRANT ${r} TO CURRENT_USER`);

  await run(`CREATE SCHEMA IF NOT EXISTS ${s}`);
  await run(`REVOKE ALL ON SCHEMA ${s} FROM PUBLIC`);
  for (const statement of canonicalModelStatements(schema)) await run(statement);

  await run(`GRANT USAGE ON SCHEMA ${s} TO ${r}`);
  const tables = CANONICAL_TABLES.map((table) => qualifiedName(schema, table)).join(', ');
  await run(`REVOKE ALL ON ${tables} FROM PUBLIC`);
  await run(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${tables} TO ${r}`);
  await run(`GRANT USAGE ON ALL SEQUENCES IN SCHEMA ${s} TO ${r}`);
  const views = rowsOf<{ name: string }>(
    await tx.execute(sql`select table_name as name from information_schema.views where table_schema = ${schema}`),
  )
    .map((row) => qualifiedName(schema, row.name))
    .join(', ');
  if (views) await run(`GRANT SELECT ON ${views} TO ${r}`);
  await run(`COMMENT ON SCHEMA ${s} IS '${warehouseMarker()}'`);
}

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
/** What the views answer in: the tables' money type, whatever the arithmetic made of it. */
const MONEY = 'numeric(18,2)';
const PERIOD_FORMAT = `'^[0-9]{4}-(0[1-9]|1[0-2])$'`;

function canonicalModelStatements(schema: string): string[] {
  const t = (name: string) => qualifiedName(schema, name);
  const period = t('00_Period');
  const account = t('01_Account');
  const gl = t('02_GL_Detail');
  const budget = t('03_Budget');
  const trialBalance = t('04_Trial_Balance');
  const identity = 'row_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY';
  const money = 'numeric(18,2) NOT NULL DEFAULT 0';
  const index = (name: string, table: string, columns: string) =>
    `CREATE INDEX IF NOT EXISTS ${quoteIdent(name)} ON ${table} (${columns})`;
  // security_invoker: the views check the reader's own privileges, so they never widen an organization role.
  const view = (name: CanonicalView, body: string) =>
    `CREATE OR REPLACE VIEW ${t(name)} WITH (security_invoker = true) AS ${body}`;

  return [
    `CREATE TABLE IF NOT EXISTS ${period} (
      ${identity},
      "Period" text NOT NULL,
      start_date date NOT NULL,
      end_date date NOT NULL,
      fiscal_year integer NOT NULL,
      fiscal_period integer NOT NULL,
      is_closed boolean NOT NULL DEFAULT false,
      CONSTRAINT "00_Period_Period_key" UNIQUE ("Period"),
      CONSTRAINT "00_Period_Period_format" CHECK ("Period" ~ ${PERIOD_FORMAT}),
      CONSTRAINT "00_Period_dates" CHECK (end_date >= start_date),
      CONSTRAINT "00_Period_fiscal_period" CHECK (fiscal_period BETWEEN 1 AND 12)
    )`,
    `CREATE TABLE IF NOT EXISTS ${account} (
      ${identity},
      account_code text NOT NULL,
      account_name text NOT NULL,
      account_type text NOT NULL,
      account_subtype text,
      parent_code text,
      is_active boolean NOT NULL DEFAULT true,
      CONSTRAINT "01_Account_account_code_key" UNIQUE (account_code),
      CONSTRAINT "01_Account_account_code_present" CHECK (account_code <> ''),
      CONSTRAINT "01_Account_account_type" CHECK (account_type IN (${list(ACCOUNT_TYPES)})),
      CONSTRAINT "01_Account_parent_code" CHECK (parent_code IS NULL OR parent_code <> account_code)
    )`,
    `CREATE TABLE IF NOT EXISTS ${gl} (
      ${identity},
      journal_id text NOT NULL,
      line_no integer NOT NULL,
      posting_date date NOT NULL,
      period text NOT NULL,
      account_code text NOT NULL,
      description text,
      debit ${money},
      credit ${money},
      entity text,
      department text,
      counterparty text,
      source text NOT NULL DEFAULT 'manual',
      reference text,
      CONSTRAINT "02_GL_Detail_source_journal_id_line_no_key" UNIQUE (source, journal_id, line_no),
      CONSTRAINT "02_GL_Detail_period_fkey" FOREIGN KEY (period) REFERENCES ${period} ("Period"),
      CONSTRAINT "02_GL_Detail_account_code_fkey" FOREIGN KEY (account_code) REFERENCES ${account} (account_code),
      CONSTRAINT "02_GL_Detail_line_no" CHECK (line_no >= 0),
      CONSTRAINT "02_GL_Detail_debit" CHECK (debit >= 0),
      CONSTRAINT "02_GL_Detail_credit" CHECK (credit >= 0),
      CONSTRAINT "02_GL_Detail_source" CHECK (source IN (${list(GL_SOURCES)}))
    )`,
    index('02_GL_Detail_period_account_code_idx', gl, 'period, account_code'),
    index('02_GL_Detail_account_code_idx', gl, 'account_code'),
    index('02_GL_Detail_posting_date_idx', gl, 'posting_date'),
    // A budget line without a department is company-wide; NULLS NOT DISTINCT keeps it unique all the same.
    `CREATE TABLE IF NOT EXISTS ${budget} (
      ${identity},
      period text NOT NULL,
      account_code text NOT NULL,
      department text,
      amount ${money},
      CONSTRAINT "03_Budget_period_account_code_department_key"
        UNIQUE NULLS NOT DISTINCT (period, account_code, department),
      CONSTRAINT "03_Budget_period_format" CHECK (period ~ ${PERIOD_FORMAT})
    )`,
    `CREATE TABLE IF NOT EXISTS ${trialBalance} (
      ${identity},
      period text NOT NULL,
      account_code text NOT NULL,
      opening_balance ${money},
      debit ${money},
      credit ${money},
      closing_balance ${money},
      CONSTRAINT "04_Trial_Balance_period_account_code_key" UNIQUE (period, account_code),
      CONSTRAINT "04_Trial_Balance_period_format" CHECK (period ~ ${PERIOD_FORMAT}),
      CONSTRAINT "04_Trial_Balance_debit" CHECK (debit >= 0),
      CONSTRAINT "04_Trial_Balance_credit" CHECK (credit >= 0)
    )`,

    // One row per period and revenue or expense account. Revenue (and other income) is positive as
    // credit − debit, expenses positive as costs (debit − credit); net income of a period is
    // SUM(net_income_effect) = revenue − expenses.
    view(
      'vw_profit_and_loss',
      `SELECT p."Period" AS period, p.fiscal_year, p.fiscal_period,
         a.account_code, a.account_name, a.account_type, a.account_subtype,
         (CASE a.account_type WHEN 'revenue' THEN sum(g.credit) - sum(g.debit)
                              ELSE sum(g.debit) - sum(g.credit) END)::${MONEY} AS amount,
         (sum(g.credit) - sum(g.debit))::${MONEY} AS net_income_effect
       FROM ${gl} g
       JOIN ${account} a ON a.account_code = g.account_code
       JOIN ${period} p ON p."Period" = g.period
       WHERE a.account_type IN ('revenue', 'expense')
       GROUP BY p."Period", p.fiscal_year, p.fiscal_period,
         a.account_code, a.account_name, a.account_type, a.account_subtype`,
    ),

    // Balances at the end of every period: assets as debit − credit, liabilities and equity as
    // credit − debit, plus the earnings not yet closed into an equity account — the fiscal year to date
    // ('current_year_earnings') and earlier years ('prior_years_earnings') — so that per period
    // SUM(balance) of assets = SUM(balance) of liabilities and equity.
    view(
      'vw_balance_sheet',
      `WITH movement AS (
         SELECT g.period, g.account_code, sum(g.debit) - sum(g.credit) AS net_debit
         FROM ${gl} g GROUP BY g.period, g.account_code
       ), grid AS (
         SELECT p."Period" AS period, p.fiscal_year, p.fiscal_period,
           a.account_code, a.account_name, a.account_type, a.account_subtype,
           sum(coalesce(m.net_debit, 0)) OVER (PARTITION BY a.account_code ORDER BY p."Period") AS to_date,
           sum(coalesce(m.net_debit, 0))
             OVER (PARTITION BY a.account_code, p.fiscal_year ORDER BY p."Period") AS year_to_date
         FROM ${period} p
         CROSS JOIN ${account} a
         LEFT JOIN movement m ON m.period = p."Period" AND m.account_code = a.account_code
       )
       SELECT period, fiscal_year, fiscal_period, account_type AS section,
         account_code, account_name, account_subtype,
         (CASE account_type WHEN 'asset' THEN to_date ELSE -to_date END)::${MONEY} AS balance
       FROM grid WHERE account_type IN ('asset', 'liability', 'equity')
       UNION ALL
       SELECT period, fiscal_year, fiscal_period, 'equity', NULL, 'Current-year earnings',
         'current_year_earnings', (-sum(year_to_date))::${MONEY}
       FROM grid WHERE account_type IN ('revenue', 'expense')
       GROUP BY period, fiscal_year, fiscal_period
       UNION ALL
       SELECT period, fiscal_year, fiscal_period, 'equity', NULL, 'Prior-years earnings',
         'prior_years_earnings', (-sum(to_date - year_to_date))::${MONEY}
       FROM grid WHERE account_type IN ('revenue', 'expense')
       GROUP BY period, fiscal_year, fiscal_period`,
    ),

    // Cash movements per period on accounts of subtype 'cash'. Each journal's net effect on cash counts
    // once, so a transfer between two cash accounts is neither an inflow nor an outflow.
    view(
      'vw_cash_flow',
      `WITH journal AS (
         SELECT g.period, sum(g.debit) - sum(g.credit) AS net
         FROM ${gl} g JOIN ${account} a ON a.account_code = g.account_code
         WHERE a.account_subtype = 'cash'
         GROUP BY g.period, g.source, g.journal_id
       ), flow AS (
         SELECT p."Period" AS period, p.fiscal_year, p.fiscal_period,
           coalesce(sum(j.net) FILTER (WHERE j.net > 0), 0) AS cash_in,
           coalesce(-sum(j.net) FILTER (WHERE j.net < 0), 0) AS cash_out,
           coalesce(sum(j.net), 0) AS net_cash_flow
         FROM ${period} p LEFT JOIN journal j ON j.period = p."Period"
         GROUP BY p."Period", p.fiscal_year, p.fiscal_period
       )
       SELECT period, fiscal_year, fiscal_period,
         (sum(net_cash_flow) OVER (ORDER BY period) - net_cash_flow)::${MONEY} AS opening_cash,
         cash_in::${MONEY}, cash_out::${MONEY}, net_cash_flow::${MONEY},
         (sum(net_cash_flow) OVER (ORDER BY period))::${MONEY} AS closing_cash
       FROM flow`,
    ),

    // Budgets are kept in the same sign as the P&L (revenue positive, expenses positive as costs); the
    // actual of an account is its movement in that sign. Actuals cover revenue and expense accounts and
    // any account that has a budget. variance = actual − budget; favorable: revenue above or costs below
    // budget (NULL for balance sheet accounts).
    view(
      'vw_budget_vs_actual',
      `WITH combined AS (
         SELECT b.period, b.account_code, b.department, b.amount AS budget, 0::numeric AS actual
         FROM ${budget} b
         UNION ALL
         SELECT g.period, g.account_code, g.department, 0,
           CASE WHEN a.account_type IN ('asset', 'expense') THEN g.debit - g.credit ELSE g.credit - g.debit END
         FROM ${gl} g JOIN ${account} a ON a.account_code = g.account_code
         WHERE a.account_type IN ('revenue', 'expense')
            OR EXISTS (SELECT 1 FROM ${budget} b WHERE b.account_code = g.account_code)
       ), totals AS (
         SELECT period, account_code, department, sum(budget) AS budget, sum(actual) AS actual
         FROM combined GROUP BY period, account_code, department
       )
       SELECT t.period, t.account_code, a.account_name, a.account_type, a.account_subtype, t.department,
         t.budget::${MONEY}, t.actual::${MONEY}, (t.actual - t.budget)::${MONEY} AS variance,
         CASE WHEN t.budget <> 0 THEN round((t.actual - t.budget) * 100 / abs(t.budget), 2) END AS variance_percent,
         CASE a.account_type WHEN 'revenue' THEN t.actual >= t.budget
                             WHEN 'expense' THEN t.actual <= t.budget END AS favorable
       FROM totals t LEFT JOIN ${account} a ON a.account_code = t.account_code`,
    ),
  ];
}
