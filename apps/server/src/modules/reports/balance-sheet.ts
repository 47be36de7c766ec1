import { CURRENT_SUBTYPES, type AccountSubtype } from '@finboard/shared/account-classification';
import type { ReportRow } from '@finboard/shared/reports';
import { addMonths, monthLabel, monthsBetween } from './periods.ts';
import {
  add,
  classifierOf,
  earningsOf,
  inSlice,
  isEarnings,
  money,
  readingAmount,
  rowsBySubtype,
  figureRow,
  type Movement,
  type Statement,
  type StatementBody,
  type StatementLedger,
  type StatementReads,
  type StatementRequest,
} from './statement-kit.ts';

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

/** The groups of each side, in order of liquidity; an unclassified account goes to its side's last group. */
const GROUPS = [
  { type: 'asset', key: 'currentAssets', label: 'Current assets', current: true },
  { type: 'asset', key: 'nonCurrentAssets', label: 'Non-current assets', current: false },
  { type: 'liability', key: 'currentLiabilities', label: 'Current liabilities', current: true },
  { type: 'liability', key: 'nonCurrentLiabilities', label: 'Non-current liabilities', current: false },
] as const;

/**
 * As of the end of `to` (issue 25 §2), one table: current and non-current assets (fixed assets net of their
 * accumulated depreciation), total assets; current and non-current liabilities, total liabilities; equity by
 * subtype with current- and prior-years earnings, total equity; total liabilities and equity; and a check row
 * that is 0.00 when the books balance. Beside the end of the previous month and of the previous fiscal year;
 * and the three totals at every month end of the range, for the chart.
 */
function build(input: StatementRequest, ledger: StatementLedger): StatementBody {
  const { from, to, slice, calendar } = input;
  const previousMonth = addMonths(to, -1);
  const comparative = addMonths(calendar.fiscalYearStart(to), -1);
  const movements = ledger.movements.filter((movement) => movement.period <= to).filter(inSlice(slice));
  const classify = classifierOf(input);
  const classOf = new Map(movements.map((movement) => [movement.accountCode, classify(movement)]));
  const at = balancesAt(calendar, movements);
  const ends = { current: at(to), previousMonth: at(previousMonth), comparative: at(comparative) };
  const columns = [
    { key: 'current', label: monthLabel(to), kind: 'amount' as const },
    { key: 'previousMonth', label: monthLabel(previousMonth), kind: 'amount' as const },
    { key: 'comparative', label: monthLabel(comparative), kind: 'amount' as const },
    { key: 'change', label: `Change since ${monthLabel(comparative)}`, kind: 'amount' as const },
  ];
  const column = (of: (end: ReturnType<typeof at>) => number) => ({
    current: of(ends.current),
    previousMonth: of(ends.previousMonth),
    comparative: of(ends.comparative),
    change: of(ends.current) - of(ends.comparative),
  });
  const accountCents = (code: string) => column((end) => end.accounts.get(code) ?? 0);
  const sumOf = (codes: readonly string[]) =>
    column((end) => codes.reduce((sum, code) => sum + (end.accounts.get(code) ?? 0), 0));
  const drillFrom = calendar.first ?? from;
  const held = [...new Set(Object.values(ends).flatMap((end) => [...end.accounts.keys()]))].filter((code) =>
    Object.values(ends).some((end) => end.accounts.get(code)),
  );
  const codesOf = (type: string, where: (subtype: AccountSubtype | null) => boolean) =>
    held.filter((code) => {
      const found = classOf.get(code);
      return found?.type === type && where(found.standard ? found.subtype : null);
    });

  const rows: ReportRow[] = [];
  const totals: Record<string, Record<string, number>> = {};
  for (const side of ['asset', 'liability'] as const) {
    rows.push({
      key: `${side}:heading`,
      label: side === 'asset' ? 'Assets' : 'Liabilities',
      kind: 'heading',
      depth: 0,
      values: {},
    });
    const sideCodes: string[] = [];
    for (const group of GROUPS.filter((candidate) => candidate.type === side)) {
      const codes = codesOf(side, (subtype) =>
        subtype === null ? !group.current : CURRENT_SUBTYPES.has(subtype) === group.current,
      );
      sideCodes.push(...codes);
      const lines = rowsBySubtype(input, group.key, codes, accountCents, { drillFrom, depth: 1 });
      // Fixed assets net of their accumulated depreciation.
      const depreciation = lines.findIndex((line) => line.key === `${group.key}:subtype:accumulated_depreciation`);
      const fixed = codesOf(side, (subtype) => subtype === 'fixed_asset' || subtype === 'accumulated_depreciation');
      if (depreciation >= 0) {
        const end = lines.findIndex((line, index) => index > depreciation && line.kind === 'subtotal');
        lines.splice(
          end < 0 ? lines.length : end,
          0,
          figureRow(`${group.key}:net_fixed_assets`, 'Net fixed assets', 'subtotal', sumOf(fixed), 1),
        );
      }
      totals[group.key] = sumOf(codes);
      rows.push(
        { key: `${group.key}:heading`, label: group.label, kind: 'heading', depth: 0, values: {} },
        ...lines,
        figureRow(`${group.key}:total`, `Total ${group.label.toLowerCase()}`, 'subtotal', totals[group.key]!),
      );
    }
    const key = side === 'asset' ? 'totalAssets' : 'totalLiabilities';
    totals[key] = column((end) => (side === 'asset' ? end.assets : end.liabilities));
    rows.push(
      figureRow(`${side}:total`, side === 'asset' ? 'Total assets' : 'Total liabilities', 'total', totals[key]!),
    );
  }

  const equityCodes = codesOf('equity', () => true);
  rows.push(
    { key: 'equity:heading', label: 'Equity', kind: 'heading', depth: 0, values: {} },
    ...rowsBySubtype(input, 'equity', equityCodes, accountCents, { drillFrom, depth: 1 }),
    figureRow(
      'equity:prior_years_earnings',
      'Prior-years earnings',
      'line',
      column((end) => end.priorYearsEarnings),
      1,
    ),
    figureRow(
      'equity:current_year_earnings',
      'Current-year earnings',
      'line',
      column((end) => end.currentYearEarnings),
      1,
    ),
  );
  totals.totalEquity = column((end) => end.equity);
  totals.totalLiabilitiesAndEquity = column((end) => end.liabilities + end.equity);
  rows.push(
    figureRow('equity:total', 'Total equity', 'total', totals.totalEquity),
    figureRow('total:liabilitiesAndEquity', 'Total liabilities and equity', 'total', totals.totalLiabilitiesAndEquity),
    figureRow(
      'check',
      'Check: total assets − total liabilities and equity',
      'line',
      column((end) => end.assets - end.liabilities - end.equity),
    ),
  );

  // Month-end totals across the range, for the chart (and the proof that every period end balances).
  const monthEnds = monthsBetween(from, to).map((period) => ({ period, ...at(period) }));
  const line = (key: 'assets' | 'liabilities' | 'equity', label: string) => ({
    key,
    label,
    chart: 'line' as const,
    kind: 'amount' as const,
    points: monthEnds.map((end) => ({ x: end.period, value: money(end[key]) })),
  });
  const now = ends.current;
  const then = ends.comparative;
  const current = (key: string) => money(totals[key]!.current!);
  return {
    sections: [{ key: 'balanceSheet', label: 'Balance Sheet', columns, rows }],
    series: [line('assets', 'Assets'), line('liabilities', 'Liabilities'), line('equity', 'Equity')],
    totals: {
      currentAssets: current('currentAssets'),
      nonCurrentAssets: current('nonCurrentAssets'),
      totalAssets: current('totalAssets'),
      currentLiabilities: current('currentLiabilities'),
      nonCurrentLiabilities: current('nonCurrentLiabilities'),
      totalLiabilities: current('totalLiabilities'),
      totalEquity: current('totalEquity'),
      totalLiabilitiesAndEquity: current('totalLiabilitiesAndEquity'),
      workingCapital: money(totals.currentAssets!.current! - totals.currentLiabilities!.current!),
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
