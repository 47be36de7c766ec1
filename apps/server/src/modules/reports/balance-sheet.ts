import type { ReportRow } from '@finboard/shared/reports';
import { addMonths, monthLabel, monthsBetween } from './periods.ts';
import {
  add,
  earningsOf,
  inSlice,
  isEarnings,
  money,
  readingAmount,
  rowsBySubtype,
  valuesOf,
  type Movement,
  type Statement,
  type StatementBody,
  type StatementLedger,
  type StatementReads,
  type StatementRequest,
} from './statement-kit.ts';

const SECTIONS = [
  { type: 'asset', label: 'Assets' },
  { type: 'liability', label: 'Liabilities' },
  { type: 'equity', label: 'Equity' },
] as const;

/**
 * Balances at period ends from the monthly movements since the beginning (already in the slice): balance
 * sheet accounts cumulated in reading signs, and the earnings (credit − debit of revenue and expense
 * accounts) not closed into equity split into the current fiscal year's and earlier years'
 * (finance-conventions.md). In cents.
 */
export function balancesAt(calendar: StatementRequest['calendar'], movements: readonly Movement[]) {
  const sorted = [...movements].sort((a, b) => a.period.localeCompare(b.period));
  const typeOf = new Map(movements.map((movement) => [movement.accountCode, movement.accountType]));
  return (end: string) => {
    const fiscalYear = calendar.fiscalYearOf(end);
    const accounts = new Map<string, number>();
    let currentYearEarnings = 0;
    let priorYearsEarnings = 0;
    for (const movement of sorted) {
      if (movement.period > end) break;
      if (isEarnings(movement.accountType)) {
        if (calendar.fiscalYearOf(movement.period) === fiscalYear) currentYearEarnings += earningsOf(movement);
        else priorYearsEarnings += earningsOf(movement);
      } else add(accounts, movement.accountCode, readingAmount(movement));
    }
    const totalOf = (type: string) =>
      [...accounts].reduce((sum, [code, cents]) => (typeOf.get(code) === type ? sum + cents : sum), 0);
    const assets = totalOf('asset');
    const liabilities = totalOf('liability');
    const equity = totalOf('equity') + currentYearEarnings + priorYearsEarnings;
    return { accounts, currentYearEarnings, priorYearsEarnings, assets, liabilities, equity };
  };
}

/** Everything since the beginning: balances are cumulative. */
const reads = ({ to }: StatementRequest): StatementReads => ({ movements: { ranges: [{ from: null, to }] } });

/**
 * Assets, liabilities and equity (with current- and prior-years earnings) at the end of `to`, against the end
 * of the previous fiscal year; and the three totals at every month end of the range.
 */
function build(input: StatementRequest, ledger: StatementLedger): StatementBody {
  const { from, to, slice, calendar } = input;
  // The comparative: the end of the previous fiscal year.
  const comparative = addMonths(calendar.fiscalYearStart(to), -1);
  const movements = ledger.movements.filter((movement) => movement.period <= to).filter(inSlice(slice));
  const typeOf = new Map(movements.map((movement) => [movement.accountCode, movement.accountType]));
  const at = balancesAt(calendar, movements);
  const now = at(to);
  const then = at(comparative);
  const columns = [
    { key: 'current', label: monthLabel(to), kind: 'amount' as const },
    { key: 'comparative', label: monthLabel(comparative), kind: 'amount' as const },
    { key: 'change', label: 'Change', kind: 'amount' as const },
  ];
  const triple = (current: number, before: number) => ({ current, comparative: before, change: current - before });
  const drillFrom = calendar.first ?? from;

  const sections: StatementBody['sections'] = SECTIONS.map(({ type, label }) => {
    const codes = [...new Set([...now.accounts.keys(), ...then.accounts.keys()])].filter(
      (code) => typeOf.get(code) === type && (now.accounts.get(code) || then.accounts.get(code)),
    );
    const rows: ReportRow[] = rowsBySubtype(
      input,
      type,
      codes,
      (code) => triple(now.accounts.get(code) ?? 0, then.accounts.get(code) ?? 0),
      { drillFrom },
    );
    if (type === 'equity')
      rows.push(
        {
          key: 'equity:current_year_earnings',
          label: 'Current-year earnings',
          kind: 'line',
          depth: 1,
          values: valuesOf(triple(now.currentYearEarnings, then.currentYearEarnings)),
        },
        {
          key: 'equity:prior_years_earnings',
          label: 'Prior-years earnings',
          kind: 'line',
          depth: 1,
          values: valuesOf(triple(now.priorYearsEarnings, then.priorYearsEarnings)),
        },
      );
    const total = type === 'asset' ? 'assets' : type === 'liability' ? 'liabilities' : 'equity';
    rows.push({
      key: `${type}:total`,
      label: `Total ${label.toLowerCase()}`,
      kind: 'total',
      depth: 0,
      values: valuesOf(triple(now[total], then[total])),
    });
    return { key: type, label, columns, rows };
  });
  sections.push({
    key: 'summary',
    label: 'Liabilities and Equity',
    columns,
    rows: [
      {
        key: 'summary:assets',
        label: 'Total assets',
        kind: 'total',
        depth: 0,
        values: valuesOf(triple(now.assets, then.assets)),
      },
      {
        key: 'summary:liabilitiesAndEquity',
        label: 'Total liabilities and equity',
        kind: 'total',
        depth: 0,
        values: valuesOf(triple(now.liabilities + now.equity, then.liabilities + then.equity)),
      },
    ],
  });

  // Month-end totals across the range, for the chart (and the proof that every period end balances).
  const ends = monthsBetween(from, to).map((period) => ({ period, ...at(period) }));
  const line = (key: 'assets' | 'liabilities' | 'equity', label: string) => ({
    key,
    label,
    chart: 'line' as const,
    kind: 'amount' as const,
    points: ends.map((end) => ({ x: end.period, value: money(end[key]) })),
  });
  return {
    sections,
    series: [line('assets', 'Assets'), line('liabilities', 'Liabilities'), line('equity', 'Equity')],
    totals: {
      assets: money(now.assets),
      liabilities: money(now.liabilities),
      equity: money(now.equity),
      liabilitiesAndEquity: money(now.liabilities + now.equity),
      currentYearEarnings: money(now.currentYearEarnings),
      priorYearsEarnings: money(now.priorYearsEarnings),
      comparativeAssets: money(then.assets),
      comparativeLiabilities: money(then.liabilities),
      comparativeEquity: money(then.equity),
    },
  };
}

export const balanceSheet: Statement = { reads, build };
