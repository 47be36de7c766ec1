import type { PoolClient } from 'pg';
import { qualifiedName } from './identifiers.ts';
import { journalCashNets, lockAggregates } from './aggregates.ts';

/**
 * Incremental updates of the monthly aggregates (aggregates.ts) for writes of a few journals (a Studio edit, a
 * journal posted): the journals' share of the aggregates is read before the write and again after it, and the
 * aggregates move by the difference — however many lines the periods hold. The result is exactly what a
 * refresh would build: balance rows without lines go, cash flow rows go when no journal moves cash there.
 *
 *   const before = await journalsShareOn(client, schema, journals);   // after the journals' locks
 *   …write the lines…
 *   await applyJournalChangesOn(client, schema, before);             // same transaction
 */

type Client = Pick<PoolClient, 'query'>;

/** A journal as the ledger keys it. */
export interface LedgerJournal {
  source: string;
  journalId: string;
}

/** The journals' share of the aggregates at one moment, as JSON text (numerics stay exact decimals). */
export interface JournalsShare {
  journals: readonly LedgerJournal[];
  balance: string;
  cash: string;
}

/** The journals' lines `g`: `$1` sources, `$2` journal ids. */
const OF_JOURNALS = '(g.source, g.journal_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))';
const journalParams = (journals: readonly LedgerJournal[]) => [
  journals.map((journal) => journal.source),
  journals.map((journal) => journal.journalId),
];

/** The share's two parts: balances per detail key (grain 3) and cash per period, entity and department. */
function shareQueries(schema: string) {
  const gl = qualifiedName(schema, '02_GL_Detail');
  return {
    balance: `SELECT g.period AS p, g.account_code AS a, g.entity AS e, g.department AS d,
        sum(g.debit) AS dr, sum(g.credit) AS cr, count(*) AS n
      FROM ${gl} g WHERE ${OF_JOURNALS} GROUP BY 1, 2, 3, 4`,
    cash: `SELECT period AS p, entity AS e, department AS d,
        coalesce(sum(net) FILTER (WHERE net > 0), 0) AS ci, coalesce(-sum(net) FILTER (WHERE net < 0), 0) AS co,
        count(*) AS n
      FROM (${journalCashNets(schema, OF_JOURNALS)}) journal GROUP BY 1, 2, 3`,
  };
}

const BALANCE_RECORD = 'x(p text, a text, e text, d text, dr numeric, cr numeric, n bigint)';
const CASH_RECORD = 'x(p text, e text, d text, ci numeric, co numeric, n bigint)';

/** Reads the journals' share of the aggregates (before a write: after the journals are locked). */
export async function journalsShareOn(
  client: Client,
  schema: string,
  journals: readonly LedgerJournal[],
): Promise<JournalsShare> {
  const queries = shareQueries(schema);
  const read = await client.query<{ balance: string; cash: string }>(
    `SELECT (SELECT coalesce(jsonb_agg(b), '[]') FROM (${queries.balance}) b)::text AS balance,
       (SELECT coalesce(jsonb_agg(c), '[]') FROM (${queries.cash}) c)::text AS cash`,
    journalParams(journals),
  );
  return { journals: [...journals], ...read.rows[0]! };
}

/**
 * After the write, in its transaction: moves the aggregates by what the journals' lines changed since
 * `before`, and records the refresh. Serialized with every other writer of the aggregates.
 */
export async function applyJournalChangesOn(client: Client, schema: string, before: JournalsShare): Promise<void> {
  const t = (name: string) => qualifiedName(schema, name);
  const queries = shareQueries(schema);
  await lockAggregates(client, schema);
  // One statement: both tables move (data-modifying CTEs run whether read or not); it answers what may have
  // emptied — balance rows now without lines, cash groups the journals no longer move cash in — and how the
  // refresh row's detail count and filter values may change.
  const applied = await client.query<{
    emptied: string;
    gone: string;
    rows_added: string;
    entities_changed: boolean;
    departments_changed: boolean;
  }>(
    `WITH balance_delta AS (
       SELECT p, a, e, d, sum(dr) AS dr, sum(cr) AS cr, sum(n) AS n FROM (
         ${queries.balance}
         UNION ALL SELECT p, a, e, d, -dr, -cr, -n FROM jsonb_to_recordset($3::jsonb) AS ${BALANCE_RECORD}
       ) u GROUP BY 1, 2, 3, 4
     ),
     balance AS (
       INSERT INTO ${t('05_Monthly_Balance')} AS m (grain, period, account_code, entity, department, debit, credit, net, lines)
       SELECT 3 - 2 * grouping(e) - grouping(d), p, a, e, d, sum(dr), sum(cr), sum(dr) - sum(cr), sum(n)
       FROM balance_delta
       GROUP BY GROUPING SETS ((p, a, e, d), (p, a, e), (p, a, d), (p, a))
       HAVING sum(n) <> 0 OR sum(dr) <> 0 OR sum(cr) <> 0
       ON CONFLICT ON CONSTRAINT "05_Monthly_Balance_key" DO UPDATE SET debit = m.debit + excluded.debit,
         credit = m.credit + excluded.credit, net = m.net + excluded.net, lines = m.lines + excluded.lines
       RETURNING m.grain, m.period, m.account_code, m.entity, m.department, m.lines, (m.xmax = 0) AS inserted
     ),
     cash_delta AS (
       SELECT p, e, d, sum(ci) AS ci, sum(co) AS co, sum(n_after) AS n_after, sum(n_before) AS n_before FROM (
         SELECT p, e, d, ci, co, n AS n_after, 0 AS n_before FROM (${queries.cash}) after_write
         UNION ALL SELECT p, e, d, -ci, -co, 0, n FROM jsonb_to_recordset($4::jsonb) AS ${CASH_RECORD}
       ) u GROUP BY 1, 2, 3
     ),
     cash AS (
       INSERT INTO ${t('05_Monthly_Cash_Flow')} AS c (period, entity, department, cash_in, cash_out)
       SELECT p, e, d, ci, co FROM cash_delta WHERE ci <> 0 OR co <> 0 OR (n_after > 0 AND n_before = 0)
       ON CONFLICT ON CONSTRAINT "05_Monthly_Cash_Flow_key" DO UPDATE SET cash_in = c.cash_in + excluded.cash_in,
         cash_out = c.cash_out + excluded.cash_out
     )
     SELECT
       (SELECT coalesce(jsonb_agg(jsonb_build_object('g', grain, 'p', period, 'a', account_code, 'e', entity,
          'd', department)), '[]') FROM balance WHERE lines = 0)::text AS emptied,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('p', p, 'e', e, 'd', d)), '[]')
          FROM cash_delta WHERE n_after = 0 AND n_before > 0)::text AS gone,
       (SELECT count(*) FILTER (WHERE inserted) - count(*) FILTER (WHERE lines = 0) FROM balance WHERE grain = 3)
         AS rows_added,
       (SELECT count(*) > 0 FROM balance WHERE grain = 2 AND (inserted OR lines = 0)) AS entities_changed,
       (SELECT count(*) > 0 FROM balance WHERE grain = 1 AND (inserted OR lines = 0)) AS departments_changed`,
    [...journalParams(before.journals), before.balance, before.cash],
  );
  const outcome = applied.rows[0]!;

  if (outcome.emptied !== '[]')
    await client.query(
      `DELETE FROM ${t('05_Monthly_Balance')} m USING jsonb_to_recordset($1::jsonb) AS z(g smallint, p text, a text, e text, d text)
       WHERE m.grain = z.g AND m.period = z.p AND m.account_code = z.a AND m.entity IS NOT DISTINCT FROM z.e
         AND m.department IS NOT DISTINCT FROM z.d AND m.lines = 0`,
      [outcome.emptied],
    );
  // A cash group the journals left keeps its row while another journal still moves cash there.
  if (outcome.gone !== '[]')
    await client.query(
      `DELETE FROM ${t('05_Monthly_Cash_Flow')} c USING jsonb_to_recordset($1::jsonb) AS z(p text, e text, d text)
       WHERE c.period = z.p AND c.entity IS NOT DISTINCT FROM z.e AND c.department IS NOT DISTINCT FROM z.d
         AND NOT EXISTS (${journalCashNets(
           schema,
           'g.period = z.p AND g.entity IS NOT DISTINCT FROM z.e AND g.department IS NOT DISTINCT FROM z.d',
         )})`,
      [outcome.gone],
    );

  // The refresh row: its filter values are read again only when a grain that holds them gained or lost a row.
  const balance = t('05_Monthly_Balance');
  await client.query(
    `UPDATE ${t('05_Aggregate_Refresh')} SET refreshed_at = clock_timestamp(), rows = rows + $1::int,
       last_period = (SELECT max(period) FROM ${balance} WHERE grain = 0),
       entities = CASE WHEN $2::boolean THEN array(SELECT DISTINCT entity FROM ${balance}
         WHERE grain = 2 AND entity IS NOT NULL ORDER BY 1) ELSE entities END,
       departments = CASE WHEN $3::boolean THEN array(SELECT DISTINCT department FROM ${balance}
         WHERE grain = 1 AND department IS NOT NULL ORDER BY 1) ELSE departments END`,
    [Number(outcome.rows_added), outcome.entities_changed, outcome.departments_changed],
  );
}
