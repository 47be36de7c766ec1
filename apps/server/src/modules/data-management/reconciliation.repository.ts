import { sql } from 'drizzle-orm';
import type { ReconciliationDifference } from '@finboard/shared/journals';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { qualifiedSql } from '../../warehouse/identifiers.ts';

/**
 * The trial balance check: for every period that has 04_Trial_Balance rows, each account whose closing
 * balance differs from the balance computed from 02_GL_Detail (all as debit − credit). What must tie
 * (docs/finance-conventions.md): balance sheet accounts their cumulative GL balance; revenue and
 * expense accounts their fiscal-year-to-date balance; the retained earnings account its cumulative
 * balance plus the result of every earlier fiscal year. An account the ledger moves but the trial
 * balance leaves out counts as 0 there. Runs inside warehouse.withOrganization(); `schema` is the warehouse's.
 */
export const reconciliationRepository = {
  async differences(tx: Executor, schema: string): Promise<ReconciliationDifference[]> {
    const t = (name: string) => qualifiedSql(schema, name);
    return rowsOf<ReconciliationDifference>(
      await tx.execute(sql`
        with movement as (
          select period, account_code, sum(debit) - sum(credit) as net
          from ${t('02_GL_Detail')} group by period, account_code
        ), grid as (
          select p."Period" as period, a.account_code, a.account_name, a.account_type, a.account_subtype,
            sum(coalesce(m.net, 0)) over (partition by a.account_code order by p."Period") as to_date,
            sum(coalesce(m.net, 0)) over (partition by a.account_code, p.fiscal_year order by p."Period") as year_to_date
          from ${t('00_Period')} p
          cross join ${t('01_Account')} a
          left join movement m on m.period = p."Period" and m.account_code = a.account_code
        ), earlier_years as (
          select period, sum(to_date - year_to_date) as result
          from grid where account_type in ('revenue', 'expense') group by period
        ), ledger as (
          select g.period, g.account_code, g.account_name,
            case when g.account_type in ('revenue', 'expense') then g.year_to_date
                 when g.account_subtype = 'retained_earnings' then g.to_date + coalesce(e.result, 0)
                 else g.to_date end as balance
          from grid g left join earlier_years e on e.period = g.period
          where g.period in (select period from ${t('04_Trial_Balance')})
        ), compared as (
          select coalesce(tb.period, l.period) as period, coalesce(tb.account_code, l.account_code) as account_code,
            coalesce(tb.closing_balance, 0)::numeric(18, 2) as trial_balance, coalesce(l.balance, 0)::numeric(18, 2) as ledger
          from ${t('04_Trial_Balance')} tb
          full join ledger l on l.period = tb.period and l.account_code = tb.account_code
        )
        select c.period, c.account_code, a.account_name,
          c.trial_balance::text as "trialBalance", c.ledger::text as ledger,
          (c.trial_balance - c.ledger)::text as difference
        from compared c left join ${t('01_Account')} a on a.account_code = c.account_code
        where c.trial_balance <> c.ledger
        order by c.period, c.account_code`),
    );
  },
};
