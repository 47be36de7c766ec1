import { withContents } from '../pack-assembler.ts';
import type { PackDocument, PackDocumentPage } from '@finboard/shared/report-packs';
import type { ReportColumn, ReportRow, ReportSection } from '@finboard/shared/reports';

/**
 * Packs for the renderers' tests and timing: statements shaped as the statements API builds them (a subtype's
 * subtotal above its accounts, a group's total below them, results that add and subtract groups, a margin row
 * in percent), every figure derived in cents so each total is exactly its parts.
 */

type StatementPage = Extract<PackDocumentPage, { kind: 'statement' }>;
type Cents = Record<string, number>;

/** A 24×8 PNG in the default pack colour. */
export const SAMPLE_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABgAAAAICAIAAABsw6g0AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFUlEQVQokWOQ96ukCmIYNUh+BIcRAIxErIGRMT+9AAAAAElFTkSuQmCC';

export const COMPARED_COLUMNS: ReportColumn[] = [
  { key: '2026-10', label: 'Oct 2026', kind: 'amount' },
  { key: 'priorYear', label: 'Prior year', kind: 'amount' },
  { key: 'vsPriorYear', label: 'vs Prior year', kind: 'amount' },
  { key: 'vsPriorYearPct', label: 'vs Prior year %', kind: 'percent' },
];

/** Deterministic figures: the same document every run. */
function figures(seed: number) {
  let state = seed;
  return (scale: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.round((state / 2_147_483_648) * scale * 100);
  };
}

const add = (a: Cents, b: Cents, sign = 1): Cents => ({
  current: a.current! + sign * b.current!,
  prior: a.prior! + sign * b.prior!,
});
const ZERO: Cents = { current: 0, prior: 0 };

/** A row's values from cents: the month, the prior year, the variance and the variance in % of the prior year. */
function row(key: string, label: string, kind: ReportRow['kind'], depth: number, cents: Cents): ReportRow {
  const variance = cents.current! - cents.prior!;
  return {
    key,
    label,
    kind,
    depth,
    values: {
      '2026-10': cents.current! / 100,
      priorYear: cents.prior! / 100,
      vsPriorYear: variance / 100,
      vsPriorYearPct: cents.prior === 0 ? null : Math.round((variance / Math.abs(cents.prior!)) * 10_000) / 100,
    },
  };
}

/** A group: its heading, each subtype's subtotal followed by its accounts, and the group's total. */
function group(
  key: string,
  label: string,
  subtypes: string[],
  accountsPerSubtype: number,
  next: (scale: number) => number,
  scale: number,
  code: number,
) {
  const rows: ReportRow[] = [{ key: `${key}:heading`, label, kind: 'heading', depth: 0, values: {} }];
  let total = ZERO;
  subtypes.forEach((subtype, index) => {
    const accounts = Array.from({ length: accountsPerSubtype }, (_, offset) => ({
      code: code + index * 100 + offset,
      cents: { current: next(scale), prior: next(scale) },
    }));
    const sum = accounts.reduce((running, account) => add(running, account.cents), ZERO);
    total = add(total, sum);
    rows.push(row(`${key}:subtype:${subtype}`, subtype, 'subtotal', 1, sum));
    for (const account of accounts)
      rows.push(
        row(
          `${key}:account:${account.code}`,
          `${account.code} ${subtype} ${account.code % 100}`,
          'line',
          2,
          account.cents,
        ),
      );
  });
  rows.push(row(`${key}:total`, `Total ${label.toLowerCase()}`, 'subtotal', 0, total));
  return { rows, total };
}

/** A Profit & Loss section of about 8 + 9 × accountsPerSubtype rows. */
export function profitAndLossSection(accountsPerSubtype: number, seed = 7): ReportSection {
  const next = figures(seed);
  const revenue = group('revenue', 'Revenue', ['Product sales', 'Services'], accountsPerSubtype, next, 90_000, 4000);
  const cost = group(
    'costOfSales',
    'Cost of sales',
    ['Materials', 'Direct labour'],
    accountsPerSubtype,
    next,
    30_000,
    5000,
  );
  const opex = group(
    'operatingExpenses',
    'Operating expenses',
    ['Payroll', 'Rent and occupancy', 'Marketing', 'Software'],
    accountsPerSubtype,
    next,
    12_000,
    6000,
  );
  const depreciation = group(
    'depreciationAmortization',
    'Depreciation',
    ['Depreciation'],
    accountsPerSubtype,
    next,
    3_000,
    7000,
  );
  const grossProfit = add(revenue.total, cost.total, -1);
  const ebitda = add(grossProfit, opex.total, -1);
  const operatingIncome = add(ebitda, depreciation.total, -1);
  const margin = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100);
  return {
    key: 'profitAndLoss',
    label: 'Profit & Loss',
    columns: COMPARED_COLUMNS,
    rows: [
      ...revenue.rows,
      ...cost.rows,
      row('result:grossProfit', 'Gross profit', 'total', 0, grossProfit),
      {
        key: 'result:grossMarginPct',
        label: 'Gross margin %',
        kind: 'line',
        depth: 1,
        format: 'percent',
        values: {
          '2026-10': margin(grossProfit.current!, revenue.total.current!),
          priorYear: margin(grossProfit.prior!, revenue.total.prior!),
          vsPriorYear: -3.25,
          vsPriorYearPct: null,
        },
      },
      ...opex.rows,
      row('result:ebitda', 'EBITDA', 'total', 0, ebitda),
      ...depreciation.rows,
      row('result:operatingIncome', 'Operating income', 'total', 0, operatingIncome),
    ],
  };
}

/** A balance sheet with net fixed assets (a subtotal of two subtotals) and liabilities and equity added up. */
export function balanceSheetSection(accountsPerSubtype: number, seed = 11): ReportSection {
  const next = figures(seed);
  const current = group(
    'currentAssets',
    'Current assets',
    ['Cash', 'Receivables'],
    accountsPerSubtype,
    next,
    50_000,
    1000,
  );
  const fixed = group(
    'nonCurrentAssets',
    'Non-current assets',
    ['Fixed assets', 'Accumulated depreciation'],
    accountsPerSubtype,
    next,
    40_000,
    1500,
  );
  // Accumulated depreciation reads negative: flip its accounts and subtotal, then recompute the group's total.
  const depreciationAt = fixed.rows.findIndex((entry) => entry.label === 'Accumulated depreciation');
  const negate = (entry: ReportRow): ReportRow =>
    row(entry.key, entry.label, entry.kind, entry.depth, {
      current: -Math.round(entry.values['2026-10']! * 100),
      prior: -Math.round(entry.values.priorYear! * 100),
    });
  fixed.rows = fixed.rows.map((entry, index) =>
    index >= depreciationAt && index < fixed.rows.length - 1 ? negate(entry) : entry,
  );
  const centsOf = (entry: ReportRow): Cents => ({
    current: Math.round(entry.values['2026-10']! * 100),
    prior: Math.round(entry.values.priorYear! * 100),
  });
  const subtotals = fixed.rows.filter((entry) => entry.kind === 'subtotal' && entry.depth === 1).map(centsOf);
  const netFixed = add(subtotals[0]!, subtotals[1]!);
  fixed.rows.splice(
    fixed.rows.length - 1,
    1,
    row('nonCurrentAssets:net', 'Net fixed assets', 'subtotal', 1, netFixed),
    row('nonCurrentAssets:total', 'Total non-current assets', 'subtotal', 0, netFixed),
  );
  const liabilities = group(
    'currentLiabilities',
    'Current liabilities',
    ['Payables', 'Accruals'],
    accountsPerSubtype,
    next,
    20_000,
    2000,
  );
  const equity = group('equity', 'Equity', ['Share capital'], accountsPerSubtype, next, 30_000, 3000);
  const assets = add(current.total, netFixed);
  return {
    key: 'balanceSheet',
    label: 'Balance Sheet',
    columns: COMPARED_COLUMNS,
    rows: [
      ...current.rows,
      ...fixed.rows,
      row('asset:total', 'Total assets', 'total', 0, assets),
      ...liabilities.rows,
      row('liability:total', 'Total liabilities', 'total', 0, liabilities.total),
      ...equity.rows.slice(0, -1),
      row('equity:total', 'Total equity', 'total', 0, equity.total),
      row(
        'total:liabilitiesAndEquity',
        'Total liabilities and equity',
        'total',
        0,
        add(liabilities.total, equity.total),
      ),
    ],
  };
}

export function statementPage(
  id: string,
  title: string,
  sections: ReportSection[],
  options: Partial<Pick<StatementPage, 'orientation' | 'thousands' | 'brackets' | 'template'>> = {},
): StatementPage {
  const thousands = options.thousands ?? false;
  return {
    id,
    kind: 'statement',
    title,
    orientation: options.orientation ?? 'portrait',
    template: options.template ?? 'profit-and-loss',
    scope: 'October 2026',
    units: thousands ? 'USD thousands' : 'USD',
    thousands,
    brackets: options.brackets ?? false,
    query: { from: '2026-10', to: '2026-10', compare: 'priorYear' },
    sections,
  };
}

const MONTHS = Array.from(
  { length: 12 },
  (_, index) => `${index < 2 ? 2025 : 2026}-${String(((index + 10) % 12) + 1).padStart(2, '0')}`,
);
const MONTH_NAMES = MONTHS.map((month) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  ),
);

/** Every kind of page: cover, contents, two statements, KPIs, commentary, a chart, notes and the tie-out. */
export function samplePackDocument(options: { accountsPerSubtype?: number; statements?: number } = {}): PackDocument {
  const accounts = options.accountsPerSubtype ?? 3;
  const statements: StatementPage[] = Array.from({ length: options.statements ?? 2 }, (_, index) =>
    index % 2 === 0
      ? statementPage(`pl-${index}`, index === 0 ? 'Profit & Loss' : `Profit & Loss ${index + 1}`, [
          profitAndLossSection(accounts, 7 + index),
        ])
      : statementPage(
          `bs-${index}`,
          index === 1 ? 'Balance Sheet' : `Balance Sheet ${index + 1}`,
          [balanceSheetSection(accounts, 11 + index)],
          {
            orientation: 'landscape',
            template: 'balance-sheet',
            brackets: true,
          },
        ),
  );
  const pages: PackDocumentPage[] = [
    {
      id: 'cover',
      kind: 'cover',
      title: 'Monthly management pack',
      orientation: 'portrait',
      subtitle: 'Acme Trading Ltd · October 2026',
      preparedBy: 'Ann Lee',
      preparedOn: '3 November 2026',
    },
    { id: 'contents', kind: 'contents', title: 'Contents', orientation: 'portrait', entries: [] },
    ...statements,
    {
      id: 'kpis',
      kind: 'kpis',
      title: 'KPIs',
      orientation: 'portrait',
      periods: MONTHS,
      kpis: [
        {
          key: 'revenue',
          label: 'Revenue',
          unit: 'amount',
          value: 126_380.64,
          previous: 118_200.5,
          priorYear: 101_000,
          change: 6.92,
          priorYearChange: 25.13,
          changeKind: 'percent',
          higherIsBetter: true,
          spark: [
            90_000,
            95_500,
            null,
            101_000,
            99_000,
            104_000,
            110_000,
            108_500,
            112_000,
            115_000,
            118_200.5,
            126_380.64,
          ],
        },
        {
          key: 'grossMargin',
          label: 'Gross margin',
          unit: 'percent',
          value: 41.5,
          previous: 44.75,
          priorYear: null,
          change: -3.25,
          priorYearChange: null,
          changeKind: 'points',
          higherIsBetter: true,
          spark: [40, 41, 42, 43, 42.5, 44, 45, 44, 43.5, 44, 44.75, 41.5],
        },
        {
          key: 'dso',
          label: 'Days sales outstanding (DSO)',
          unit: 'days',
          value: 45.2,
          previous: 47.1,
          priorYear: 50,
          change: -4.03,
          priorYearChange: -9.6,
          changeKind: 'percent',
          higherIsBetter: false,
          spark: [50, 49, 48, 48, 47, 47, 46, 46, 47, 47, 47.1, 45.2],
        },
        {
          key: 'currentRatio',
          label: 'Current ratio',
          unit: 'ratio',
          value: 1.53,
          previous: null,
          priorYear: null,
          change: null,
          priorYearChange: null,
          changeKind: 'percent',
          higherIsBetter: true,
          spark: [null, null, null, null, null, null, null, null, null, null, null, 1.53],
        },
      ],
    },
    {
      id: 'commentary',
      kind: 'commentary',
      title: 'Commentary',
      orientation: 'portrait',
      blocks: [
        {
          kind: 'paragraph',
          runs: [
            { text: 'Revenue was ' },
            { text: '126,380.64', bold: true },
            { text: ' this month, ' },
            { text: 'up 6.92%', italic: true },
            { text: ' on September.' },
          ],
        },
        { kind: 'bullet', runs: [{ text: 'Product sales led the rise.' }] },
        { kind: 'bullet', runs: [{ text: 'Services were ' }, { text: 'flat', bold: true }, { text: '.' }] },
        { kind: 'paragraph', runs: [{ text: 'Costs stayed within budget.' }] },
      ],
    },
    {
      id: 'chart',
      kind: 'chart',
      title: 'Revenue and net income',
      orientation: 'landscape',
      chart: 'revenue-and-net-income',
      categories: MONTH_NAMES,
      series: [
        {
          label: 'Revenue',
          type: 'bar',
          values: [
            90_000,
            95_500,
            null,
            101_000,
            99_000,
            104_000,
            110_000,
            108_500,
            112_000,
            115_000,
            118_200.5,
            126_380.64,
          ],
        },
        {
          label: 'Net income',
          type: 'line',
          values: [8_000, -2_500, 4_000, null, 9_000, 11_000, 12_500, 10_000, 13_000, 14_000, 15_500, 18_250.1],
        },
      ],
    },
    {
      id: 'notes',
      kind: 'notes',
      title: 'Notes',
      orientation: 'portrait',
      blocks: [{ kind: 'paragraph', runs: [{ text: 'Figures are unaudited.' }] }],
    },
    {
      id: 'tie-out',
      kind: 'tie-out',
      title: 'Tie-out',
      orientation: 'portrait',
      rows: [
        { label: 'Debits in the period', ledger: 250_125.5, trialBalance: 250_125.5, difference: 0 },
        { label: 'Credits in the period', ledger: 250_125.5, trialBalance: 250_113.5, difference: 12 },
        { label: 'Debits less credits to date', ledger: 0, trialBalance: 12, difference: -12 },
      ],
      balanced: false,
      signedOff: null,
    },
  ];
  return {
    title: 'Monthly management pack',
    organization: 'Acme Trading Ltd',
    logo: SAMPLE_LOGO,
    colour: '#1f4e79',
    period: '2026-10',
    periodLabel: 'October 2026',
    currency: 'USD',
    pages: withContents(pages),
  };
}

/** One statement page of `rows` account lines under a single heading and total, for the long-table tests. */
export function longStatementDocument(rows: number): PackDocument {
  const next = figures(3);
  const lines = Array.from({ length: rows }, (_, index) =>
    row(`account:${index}`, `Account ${String(index + 1).padStart(4, '0')}`, 'line', 1, {
      current: next(5_000),
      prior: next(5_000),
    }),
  );
  const total = lines.reduce(
    (sum, line) =>
      add(sum, { current: Math.round(line.values['2026-10']! * 100), prior: Math.round(line.values.priorYear! * 100) }),
    ZERO,
  );
  const section: ReportSection = {
    key: 'profitAndLoss',
    label: 'Profit & Loss',
    columns: COMPARED_COLUMNS,
    rows: [
      { key: 'expenses:heading', label: 'Expenses', kind: 'heading', depth: 0, values: {} },
      ...lines,
      row('expenses:total', 'Total expenses', 'total', 0, total),
    ],
  };
  const base = samplePackDocument();
  return { ...base, pages: [statementPage('long', 'General ledger accounts', [section])] };
}
