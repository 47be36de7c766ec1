import type { WarehouseMigration } from './migration.ts';
import { qualifiedName } from '../identifiers.ts';

/**
 * Warehouse migration 2: the pre-aggregated monthly balances the built-in statements read (issue 11 §1),
 * filled from the ledger the warehouse already holds, so existing organizations have them at once.
 * Later refreshes are aggregates.ts (this migration keeps its own copy of the SQL: shipped migrations are
 * frozen). The organization's role gets read and write on these tables like on every table (the migrator
 * grants them): refreshes run as that role.
 */
export const monthlyAggregates: WarehouseMigration = {
  version: 2,
  name: 'monthly-aggregates',
  statements(schema: string): string[] {
    const t = (name: string) => qualifiedName(schema, name);
    const balance = t('05_Monthly_Balance');
    const cash = t('05_Monthly_Cash_Flow');
    const gl = t('02_GL_Detail');
    const total = 'numeric(20,2) NOT NULL DEFAULT 0';
    return [
      // grain: which dimensions a row keeps — 3 entity and department (the detail), 2 entity only, 1 department
      // only, 0 neither — so a statement reads the few rows of its filter's grain, not the detail.
      `CREATE TABLE ${balance} (
        grain smallint NOT NULL CHECK (grain BETWEEN 0 AND 3),
        period text NOT NULL,
        account_code text NOT NULL,
        entity text,
        department text,
        debit ${total},
        credit ${total},
        net ${total},
        lines integer NOT NULL DEFAULT 0,
        CONSTRAINT "05_Monthly_Balance_key" UNIQUE NULLS NOT DISTINCT (grain, period, account_code, entity, department)
      )`,
      `CREATE TABLE ${cash} (
        period text NOT NULL,
        entity text,
        department text,
        cash_in ${total},
        cash_out ${total},
        CONSTRAINT "05_Monthly_Cash_Flow_key" UNIQUE NULLS NOT DISTINCT (period, entity, department)
      )`,
      `CREATE TABLE ${t('05_Aggregate_Refresh')} (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        refreshed_at timestamptz NOT NULL,
        rows integer NOT NULL,
        last_period text,
        entities text[] NOT NULL DEFAULT '{}',
        departments text[] NOT NULL DEFAULT '{}'
      )`,
      `INSERT INTO ${balance} (grain, period, account_code, entity, department, debit, credit, net, lines)
        SELECT 3 - 2 * grouping(entity) - grouping(department), period, account_code, entity, department,
          sum(debit), sum(credit), sum(debit) - sum(credit), count(*)
        FROM ${gl}
        GROUP BY GROUPING SETS ((period, account_code, entity, department), (period, account_code, entity),
          (period, account_code, department), (period, account_code))`,
      `INSERT INTO ${cash} (period, entity, department, cash_in, cash_out)
        WITH journal AS (
          SELECT g.period, g.entity, g.department, sum(g.debit) - sum(g.credit) AS net
          FROM ${gl} g JOIN ${t('01_Account')} a ON a.account_code = g.account_code
          WHERE a.account_subtype = 'cash'
          GROUP BY g.period, g.source, g.journal_id, g.entity, g.department
        )
        SELECT period, entity, department,
          coalesce(sum(net) FILTER (WHERE net > 0), 0), coalesce(-sum(net) FILTER (WHERE net < 0), 0)
        FROM journal GROUP BY period, entity, department`,
      `INSERT INTO ${t('05_Aggregate_Refresh')} (id, refreshed_at, rows, last_period, entities, departments)
        SELECT true, now(), (SELECT count(*) FROM ${balance} WHERE grain = 3), (SELECT max(period) FROM ${balance}),
          array(SELECT DISTINCT entity FROM ${balance} WHERE grain = 2 AND entity IS NOT NULL ORDER BY 1),
          array(SELECT DISTINCT department FROM ${balance} WHERE grain = 1 AND department IS NOT NULL ORDER BY 1)`,
    ];
  },
};
