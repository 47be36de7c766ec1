import type { PoolClient } from 'pg';
import { qualifiedName } from './identifiers.ts';

/**
 * The derived tables of warehouse migration 2 (WAREHOUSE_AGGREGATES), rebuilt from the ledger:
 *
 * - `05_Monthly_Balance`: per period × account × entity × department the debit, credit, net (debit − credit)
 *   and line count of 02_GL_Detail (`grain` 3), and the same summed over departments (2), over entities (1)
 *   and over both (0): a statement reads only the rows of its filter's grain. Account names, types and
 *   subtypes are joined when read, so editing an account never makes it stale.
 * - `05_Monthly_Cash_Flow`: per period × entity × department the cash in and out — each journal's net effect on
 *   accounts of subtype 'cash' (finance-conventions.md), which needs the journal, so it cannot be summed from
 *   the monthly balances. It depends on the accounts' subtypes: an account edit refreshes it.
 * - `05_Aggregate_Refresh`: one row: when they were last rebuilt, how many detail rows they hold, the last
 *   period with lines and the entities and departments (the statements' filter values).
 *
 * A refresh is a handful of statements in the caller's transaction, as the organization's role (which may
 * read and write every warehouse table): the reports see the old figures or the new ones, never half.
 */

export interface AggregateRefresh {
  refreshedAt: string;
  rows: number;
}

/**
 * One row of 05_Monthly_Balance's finest grain of one period, known before the lines are grouped (an upload's
 * digest, uploads/month-digest.ts): account, entity, department, debit and credit (exact decimals), lines.
 */
export interface FinestBalance {
  a: string;
  e: string | null;
  d: string | null;
  dr: string;
  cr: string;
  n: number;
}

/**
 * A period's cash flow per entity × department as it is known (an upload's digest): cash in and out (exact
 * decimals), counted with `accounts` as the cash accounts its lines name — true only while those are the cash
 * accounts among them.
 */
export interface KnownCashFlow {
  accounts: string[];
  rows: { e: string | null; d: string | null; ci: string; co: string }[];
}

/**
 * A period's aggregates as they are known: the refresh writes them instead of grouping the period's lines
 * (its cash flow only when `cash` is given).
 */
export interface KnownPeriodBalances {
  period: string;
  rows: readonly FinestBalance[];
  cash?: Pick<KnownCashFlow, 'rows'>;
}

/**
 * Each journal's net effect on cash accounts per period, entity and department (`period, entity, department,
 * net`), of the lines `g` that `where` keeps: what 05_Monthly_Cash_Flow sums. Shared with the incremental
 * update (aggregate-changes.ts), so both count cash exactly alike.
 */
export function journalCashNets(schema: string, where = 'true'): string {
  const t = (name: string) => qualifiedName(schema, name);
  return `SELECT g.period, g.entity, g.department, sum(g.debit) - sum(g.credit) AS net
    FROM ${t('02_GL_Detail')} g JOIN ${t('01_Account')} a ON a.account_code = g.account_code
    WHERE a.account_subtype = 'cash' AND ${where}
    GROUP BY g.period, g.source, g.journal_id, g.entity, g.department`;
}

/**
 * Statements of a refresh of `schema`: every period, or only `periods` (those a load or an edit touched);
 * `known`: the finest grain of the one period refreshed, as it is known (not read from the lines).
 */
function refreshStatements(schema: string, periods?: readonly string[], known?: KnownPeriodBalances) {
  const t = (name: string) => qualifiedName(schema, name);
  const gl = t('02_GL_Detail');
  const only = periods ? 'WHERE period = ANY($1::text[])' : '';
  const values = periods ? [[...periods]] : [];
  const finest = known
    ? {
        // $1 is the refreshed periods' list: the known one is its only period.
        text: `SELECT ($1::text[])[1] AS period, a AS account_code, e AS entity, d AS department, dr AS debit,
            cr AS credit, n AS lines
          FROM jsonb_to_recordset($2::jsonb) AS x(a text, e text, d text, dr numeric, cr numeric, n bigint)`,
        values: [...values, JSON.stringify(known.rows)],
      }
    : {
        text: `SELECT period, account_code, entity, department, sum(debit) AS debit, sum(credit) AS credit,
            count(*) AS lines
          FROM ${gl} ${only} GROUP BY period, account_code, entity, department`,
        values,
      };
  return [
    { text: `DELETE FROM ${t('05_Monthly_Balance')} ${only}`, values },
    {
      // The finest grain from the lines in one hashed pass, the coarser ones from it: grouping sets over the
      // lines themselves read them once per set (1,000,000 lines: 1.2–3.2 s against 0.3–0.6 s).
      text: `INSERT INTO ${t('05_Monthly_Balance')} (grain, period, account_code, entity, department, debit, credit, net, lines)
        SELECT 3 - 2 * grouping(entity) - grouping(department), period, account_code, entity, department,
          sum(debit), sum(credit), sum(debit) - sum(credit), sum(lines)::integer
        FROM (${finest.text}) finest
        GROUP BY GROUPING SETS ((period, account_code, entity, department), (period, account_code, entity),
          (period, account_code, department), (period, account_code))`,
      values: finest.values,
    },
    { text: `DELETE FROM ${t('05_Monthly_Cash_Flow')} ${only}`, values },
    known?.cash
      ? {
          text: `INSERT INTO ${t('05_Monthly_Cash_Flow')} (period, entity, department, cash_in, cash_out)
            SELECT ($1::text[])[1], e, d, ci, co FROM jsonb_to_recordset($2::jsonb) AS x(e text, d text, ci numeric, co numeric)`,
          values: [...values, JSON.stringify(known.cash.rows)],
        }
      : {
          text: `INSERT INTO ${t('05_Monthly_Cash_Flow')} (period, entity, department, cash_in, cash_out)
            WITH journal AS (${journalCashNets(schema, periods ? 'g.period = ANY($1::text[])' : 'true')})
            SELECT period, entity, department,
              coalesce(sum(net) FILTER (WHERE net > 0), 0), coalesce(-sum(net) FILTER (WHERE net < 0), 0)
            FROM journal GROUP BY period, entity, department`,
          values,
        },
  ];
}

/**
 * Serializes the writers of one warehouse's aggregates (refreshes and incremental updates): two refreshes at
 * once would each delete, then both insert the same keys. Taken after the ledger's own locks, as every load
 * and edit does (no deadlock).
 */
export async function lockAggregates(client: Pick<PoolClient, 'query'>, schema: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`finboard:aggregates:${schema}`]);
}

/**
 * Rebuilds the aggregates of the warehouse `schema` on `client`, inside the caller's transaction (as the
 * organization's role or the platform's). `periods`: only those (an empty list changes nothing but the time).
 * `known`: the finest grain (and maybe the cash flow) of the one period in `periods`, known already (a new
 * month's partition adopted from its upload's stage): written as it is instead of grouping the period's lines.
 */
export async function refreshAggregatesOn(
  client: Pick<PoolClient, 'query'>,
  schema: string,
  periods?: readonly string[],
  known?: KnownPeriodBalances,
): Promise<AggregateRefresh> {
  if (known && (periods?.length !== 1 || periods[0] !== known.period))
    throw new Error(`known balances of ${known.period} refresh that period alone`);
  await lockAggregates(client, schema);
  for (const statement of refreshStatements(schema, periods, known))
    await client.query(statement.text, statement.values);
  return recordRefresh(client, schema);
}

/**
 * Rebuilds only the cash flow of every period (an account became or stopped being a cash account: the
 * monthly balances do not depend on subtypes, the cash flow does).
 */
export async function refreshCashFlowOn(client: Pick<PoolClient, 'query'>, schema: string): Promise<AggregateRefresh> {
  await lockAggregates(client, schema);
  for (const statement of refreshStatements(schema).slice(2)) await client.query(statement.text, statement.values);
  return recordRefresh(client, schema);
}

/** The refresh row, recomputed from the balances: when, how many detail rows, the last period, the filter values. */
async function recordRefresh(client: Pick<PoolClient, 'query'>, schema: string): Promise<AggregateRefresh> {
  const balance = qualifiedName(schema, '05_Monthly_Balance');
  const done = await client.query<{ refreshed_at: Date; rows: number }>(
    `INSERT INTO ${qualifiedName(schema, '05_Aggregate_Refresh')}
       (id, refreshed_at, rows, last_period, entities, departments)
     SELECT true, clock_timestamp(), (SELECT count(*)::int FROM ${balance} WHERE grain = 3),
       (SELECT max(period) FROM ${balance}),
       array(SELECT DISTINCT entity FROM ${balance} WHERE grain = 2 AND entity IS NOT NULL ORDER BY 1),
       array(SELECT DISTINCT department FROM ${balance} WHERE grain = 1 AND department IS NOT NULL ORDER BY 1)
     ON CONFLICT (id) DO UPDATE SET refreshed_at = excluded.refreshed_at, rows = excluded.rows,
       last_period = excluded.last_period, entities = excluded.entities, departments = excluded.departments
     RETURNING refreshed_at, rows`,
  );
  const row = done.rows[0]!;
  return { refreshedAt: new Date(row.refreshed_at).toISOString(), rows: Number(row.rows) };
}
