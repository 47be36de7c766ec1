import type { SemanticQuery } from '@finboard/shared/chat';
import { quoteIdent } from '../../warehouse/identifiers.ts';
import type { ConsolidatedLedger } from '../consolidation/consolidated-reports.service.ts';
import type { ParserContext } from './parser-types.ts';

/**
 * Chat DB over a consolidation group (docs/consolidation.md): the group has no warehouse of its own, so its
 * consolidated monthly movements stand in for the warehouse relations the compiler reads. The compiled
 * statement is the organization's, unchanged — one definition of every figure — preceded by CTEs of the same
 * names (a CTE hides a table of its name), filled from one JSON parameter. Budgets, cash flow rows and ledger
 * lines of a group are empty: what needs them is asked back (`groupRefusal`) before anything is compiled.
 */

export interface GroupBooks {
  context: ParserContext;
  /** The relations' CTEs, reading the JSON parameter at `placeholder` (`$n`). */
  relations: (placeholder: string) => string;
  /** The JSON parameter. */
  data: string;
}

export function groupBooks(ledger: ConsolidatedLedger): GroupBooks {
  const sums = new Map<string, { period: string; account_code: string; net: number; credit: number; lines: number }>();
  for (const movement of ledger.movements) {
    const key = `${movement.period}|${movement.accountCode}`;
    const sum = sums.get(key) ?? {
      period: movement.period,
      account_code: movement.accountCode,
      net: 0,
      credit: 0,
      lines: 0,
    };
    sum.net += movement.debit - movement.credit;
    sum.credit += movement.credit;
    sum.lines += 1;
    sums.set(key, sum);
  }
  // Cents to the warehouse's money (numeric with two decimals), written exactly.
  const amount = (cents: number) => (cents / 100).toFixed(2);
  const data = JSON.stringify({
    periods: ledger.periods.map((row) => ({
      Period: row.period,
      fiscal_year: row.fiscalYear,
      fiscal_period: row.fiscalPeriod,
    })),
    accounts: ledger.accounts.map((account) => ({
      account_code: account.code,
      account_name: account.name,
      account_type: account.type,
      account_subtype: account.subtype,
    })),
    balances: [...sums.values()].map((sum) => ({ ...sum, net: amount(sum.net), credit: amount(sum.credit) })),
  });
  const t = quoteIdent;
  const rows = (placeholder: string, key: string, columns: string) =>
    `jsonb_to_recordset(${placeholder}::jsonb -> '${key}') AS r(${columns})`;
  const relations = (p: string) =>
    [
      `${t('00_Period')} AS (SELECT r."Period", r.fiscal_year, r.fiscal_period FROM ${rows(p, 'periods', '"Period" text, fiscal_year int, fiscal_period int')})`,
      `${t('01_Account')} AS (SELECT r.account_code, r.account_name, r.account_type, r.account_subtype, NULL::text AS parent_code FROM ${rows(p, 'accounts', 'account_code text, account_name text, account_type text, account_subtype text')})`,
      `${t('05_Monthly_Balance')} AS (SELECT 0 AS grain, r.period, r.account_code, NULL::text AS department, NULL::text AS entity, r.net, r.credit, r.lines FROM ${rows(p, 'balances', 'period text, account_code text, net numeric, credit numeric, lines integer')})`,
      // One "journal" a month per account: a group's cash moves month by month, not journal by journal.
      `${t('02_GL_Detail')} AS (SELECT b.period, b.account_code, 'group'::text AS source, b.period AS journal_id,
         CASE WHEN b.net > 0 THEN b.net ELSE 0 END AS debit, CASE WHEN b.net < 0 THEN -b.net ELSE 0 END AS credit,
         NULL::text AS department, NULL::text AS entity, NULL::text AS counterparty FROM ${t('05_Monthly_Balance')} b)`,
      `${t('03_Budget')} AS (SELECT NULL::text AS period, NULL::text AS account_code, NULL::text AS department, 0::numeric AS amount WHERE false)`,
      `${t('05_Monthly_Cash_Flow')} AS (SELECT NULL::text AS period, NULL::text AS entity, NULL::text AS department, 0::numeric AS cash_in, 0::numeric AS cash_out WHERE false)`,
    ].join(',\n');
  const periods = ledger.periods;
  return {
    context: {
      accounts: ledger.accounts.map((account) => ({ ...account, parentCode: null })),
      counterparties: [],
      departments: [],
      entities: [],
      periods: periods.map((row) => ({ ...row })),
      lastPeriod: periods.at(-1)?.period ?? new Date().toISOString().slice(0, 7),
      ...(periods[0] ? { firstPeriod: periods[0].period } : {}),
    },
    relations,
    data,
  };
}

/**
 * What a group cannot answer, in words (chatMessages.groupLines), or undefined: its figures are by account and
 * month, so departments, entities, counterparties, journals, line counts, budgets and cash in and out (kept per
 * journal) are each member's own.
 */
export function groupRefusal(query: SemanticQuery): string | undefined {
  const sides: { departments?: readonly string[]; entities?: readonly string[]; counterparties?: readonly string[] }[] =
    [query.filters, ...(query.ratio ? [query.ratio.numerator.filters, query.ratio.denominator.filters] : [])];
  const names = (key: 'departments' | 'entities' | 'counterparties') =>
    query.dimensions.includes(DIMENSION_OF[key]) || sides.some((filters) => (filters[key]?.length ?? 0) > 0);
  if (names('counterparties') || query.countDistinct === 'counterparty')
    return 'customers, suppliers and other counterparties';
  if (query.metrics.some((metric) => ['cash_received', 'cash_paid', 'billed'].includes(metric)))
    return 'customers, suppliers and other counterparties';
  if (names('departments') || query.countDistinct === 'department') return 'departments';
  if (names('entities')) return 'entities';
  if (query.countDistinct === 'journal' || query.metrics.some((m) => m === 'journal_count' || m === 'line_count'))
    return 'journals and ledger lines';
  if (query.metrics.some((metric) => metric === 'cash_in' || metric === 'cash_out'))
    return 'cash in and out, journal by journal,';
  if (query.compare === 'budget' || query.threshold?.against === 'budget') return 'budgets';
  return undefined;
}

const DIMENSION_OF = { departments: 'department', entities: 'entity', counterparties: 'counterparty' } as const;
