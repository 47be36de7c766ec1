import type { PoolClient } from 'pg';
import type { LoadMode } from '@finboard/shared/pipelines';
import { qualifiedName } from '../../warehouse/identifiers.ts';

/**
 * Trial balances as accounting systems export them: a row may give its closing balance alone (opening
 * balance, debit and credit all empty). Its opening balance is then the account's closing balance in the
 * previous period of the trial balance (the latest period before its own; 0 when the account is not in it,
 * or there is none), and the difference is its movement: a debit when the balance rose, a credit when it fell.
 *
 * "The previous period" is read from the trial balance as this load leaves it: the load's own rows (so two
 * months loaded in one run chain, whatever the order of their files) and the table's rows that the load
 * neither overwrites nor removes. Runs in the write's transaction, after its locks and before the write's
 * own checks, so the rows written are exactly what the checks compared.
 */

export { DERIVABLE_TRIAL_BALANCE_COLUMNS } from '@finboard/shared/data-types';

export async function deriveTrialBalanceMovements(
  client: PoolClient,
  context: {
    schema: string;
    stage: string;
    mode: LoadMode;
    /** The periods the load covers (replaced whole with mode 'replace-periods'). */
    periods: readonly string[];
    /** Files whose rows the load replaces. */
    replacedFileIds: readonly string[];
  },
): Promise<number> {
  const { schema, stage, mode, periods, replacedFileIds } = context;
  const table = qualifiedName(schema, '04_Trial_Balance');
  // The table's rows the write removes: of the replaced periods and files (as ledger-write.ts decides). Only
  // the parameters used are passed (an unused one has no type).
  const params: unknown[] = [];
  const removed = [
    ...(mode === 'replace-periods' ? [`t.period = ANY($${params.push([...periods])}::text[])`] : []),
    ...(replacedFileIds.length > 0 ? [`t.file_id = ANY($${params.push([...replacedFileIds])}::uuid[])`] : []),
  ];
  const result = await client.query(
    `WITH future AS (
       SELECT period, account_code, coalesce(closing_balance, 0) AS closing FROM ${stage}
       UNION ALL
       SELECT t.period, t.account_code, t.closing_balance FROM ${table} t
       WHERE NOT EXISTS (SELECT 1 FROM ${stage} s WHERE s.period = t.period AND s.account_code = t.account_code)
         ${removed.length > 0 ? `AND NOT (${removed.join(' OR ')})` : ''}
     ), previous AS (
       SELECT period, lag(period) OVER (ORDER BY period) AS before FROM (SELECT DISTINCT period FROM future) p
     ), derived AS (
       SELECT s._file, s._line, coalesce(f.closing, 0) AS opening
       FROM ${stage} s JOIN previous p ON p.period = s.period
       LEFT JOIN future f ON f.period = p.before AND f.account_code = s.account_code
       WHERE s.opening_balance IS NULL AND s.debit IS NULL AND s.credit IS NULL
     )
     UPDATE ${stage} s SET opening_balance = d.opening,
       debit = greatest(coalesce(s.closing_balance, 0) - d.opening, 0),
       credit = greatest(d.opening - coalesce(s.closing_balance, 0), 0)
     FROM derived d WHERE s._file = d._file AND s._line = d._line`,
    params,
  );
  return result.rowCount ?? 0;
}
