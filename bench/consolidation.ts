/**
 * Consolidation's goal: a group of BENCH_GROUP_MEMBERS members (default 100) in three currencies (USD, EUR, GBP),
 * 36 months, BENCH_GROUP_ACCOUNTS accounts per member (default 30: 3,000 in all), each subsidiary with a loan from
 * the parent, monthly interest and management fees and quarterly dividends, all under elimination rules. Times the
 * consolidated balance sheet and P&L (the last twelve months) through the API, and beside them the baseline of the
 * same run: the members' own balance sheets read through the API and summed — the same figures without translation
 * or eliminations (as many at once as the group reads). Goal: under 2 s p95 on PostgreSQL.
 *
 *   npm run bench:consolidation                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgresql://… npm run bench:consolidation  # PostgreSQL: a scratch database, dropped after
 */
import type { CurrencyCode } from '@finboard/shared/currencies';
import type { ConsolidatedReport, ConsolidationGroup } from '@finboard/shared/consolidation';
import type { Report } from '@finboard/shared/reports';
import { createLimiter } from '../apps/server/src/platform/concurrency/limiter.ts';
import { createOrganization, measure, openBenchDatabase, seedBenchAdmin, startApp } from './support/harness.ts';

const MEMBERS = Number(process.env.BENCH_GROUP_MEMBERS ?? 100);
const ACCOUNTS_PER_MEMBER = Number(process.env.BENCH_GROUP_ACCOUNTS ?? 30);
const MONTHS = 36;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const GOAL_MS = 2_000;
const CURRENCIES = ['USD', 'EUR', 'GBP'] as const satisfies readonly CurrencyCode[];

const environment = await openBenchDatabase('consolidation');
await seedBenchAdmin(environment.database);
const app = await startApp(environment);
const { warehouse } = app.services;

const { call } = app;

const months = Array.from({ length: MONTHS }, (_, index) => {
  const month = 2024 * 12 + index;
  return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
});
const last = months.at(-1)!;
const from12 = months.at(-12)!;

/** A chart of ACCOUNTS_PER_MEMBER accounts: the intercompany ones, then sales, costs and balance accounts. */
const FIXED = [
  ['1000', 'Bank', 'asset', 'cash'],
  ['1100', 'Receivables', 'asset', 'receivable'],
  ['1300', 'Loan to group companies', 'asset', 'other_non_current_asset'],
  ['2000', 'Payables', 'liability', 'payable'],
  ['2300', 'Loan from group companies', 'liability', 'other_non_current_liability'],
  ['3000', 'Share capital', 'equity', 'share_capital'],
  ['3200', 'Dividends paid', 'equity', 'drawings_dividends'],
  ['4100', 'Interest income', 'revenue', 'other_income'],
  ['4200', 'Management fee income', 'revenue', 'other_income'],
  ['4300', 'Dividend income', 'revenue', 'other_income'],
  ['6100', 'Interest expense', 'expense', 'interest_expense'],
  ['6200', 'Management fees', 'expense', 'operating_expense'],
] as const;
const extra = ACCOUNTS_PER_MEMBER - FIXED.length;
const SALES: [string, string, string, string][] = Array.from({ length: Math.ceil(extra / 2) }, (_, i) => [
  `4${String(i).padStart(3, '0')}`,
  `Sales line ${i + 1}`,
  'revenue',
  'sales',
]);
const COSTS: [string, string, string, string][] = Array.from({ length: Math.floor(extra / 2) }, (_, i) => [
  `6${String(500 + i)}`,
  `Expense line ${i + 1}`,
  'expense',
  'operating_expense',
]);
const CHART: string[][] = [...FIXED.map((account) => [...account]), ...SALES, ...COSTS];
const GL_COLUMNS = [
  'journal_id',
  'line_no',
  'posting_date',
  'period',
  'account_code',
  'debit',
  'credit',
  'counterparty',
];

const money = (cents: number) => (cents / 100).toFixed(2);
/** GL rows and a writer of balanced journals into them: lines of (account, debit − credit in cents, counterparty). */
function journalRows() {
  const rows: unknown[][] = [];
  const journal = (id: string, period: string, lines: [string, number, string | null][]) =>
    lines.forEach(([account, cents, counterparty], line) =>
      rows.push([
        id,
        line + 1,
        `${period}-15`,
        period,
        account,
        cents > 0 ? money(cents) : '0',
        cents < 0 ? money(-cents) : '0',
        counterparty,
      ]),
    );
  return { rows, journal };
}

function booksOf(index: number, names: { parent: string }) {
  const { rows, journal } = journalRows();
  const parent = index === 0;
  journal('OPEN', months[0]!, [
    ['1000', 10_000_000, null],
    ['3000', -10_000_000, null],
  ]);
  if (!parent)
    journal('LOAN', months[0]!, [
      ['1000', 5_000_000, null],
      ['2300', -5_000_000, names.parent],
    ]);
  months.forEach((period, m) => {
    const scale = 1 + ((index * 7 + m) % 13) / 10;
    for (const [s, [code]] of SALES.entries())
      journal(`S${s}-${period}`, period, [
        ['1100', Math.round(100_000 * scale) + s, null],
        [code, -(Math.round(100_000 * scale) + s), null],
      ]);
    for (const [c, [code]] of COSTS.entries())
      journal(`C${c}-${period}`, period, [
        [code, Math.round(70_000 * scale) + c, null],
        ['2000', -(Math.round(70_000 * scale) + c), null],
      ]);
    journal(`R-${period}`, period, [
      ['1000', Math.round(90_000 * scale) * SALES.length, null],
      ['1100', -Math.round(90_000 * scale) * SALES.length, null],
    ]);
    if (!parent) {
      journal(`I-${period}`, period, [
        ['6100', 25_000, names.parent],
        ['1000', -25_000, null],
      ]);
      journal(`F-${period}`, period, [
        ['6200', 40_000, names.parent],
        ['1000', -40_000, null],
      ]);
      if (m % 3 === 2)
        journal(`D-${period}`, period, [
          ['3200', 100_000, names.parent],
          ['1000', -100_000, null],
        ]);
    }
  });
  return rows;
}
/** The parent's side of every subsidiary's loan, interest, fees and dividends (booked in USD at the month's average). */
function parentSide(subsidiaries: { name: string; rate: (period: string) => number }[]) {
  const { rows, journal } = journalRows();
  for (const [s, subsidiary] of subsidiaries.entries()) {
    const at = (period: string, cents: number) => Math.round(cents * subsidiary.rate(period));
    journal(`PL${s}`, months[0]!, [
      ['1300', at(months[0]!, 5_000_000), subsidiary.name],
      ['1000', -at(months[0]!, 5_000_000), null],
    ]);
    months.forEach((period, m) => {
      journal(`PI${s}-${period}`, period, [
        ['1000', at(period, 25_000), null],
        ['4100', -at(period, 25_000), subsidiary.name],
      ]);
      journal(`PF${s}-${period}`, period, [
        ['1000', at(period, 40_000), null],
        ['4200', -at(period, 40_000), subsidiary.name],
      ]);
      if (m % 3 === 2)
        journal(`PD${s}-${period}`, period, [
          ['1000', at(period, 100_000), null],
          ['4300', -at(period, 100_000), subsidiary.name],
        ]);
    });
  }
  return rows;
}

const rateOf = (currency: string, period: string, kind: 'average' | 'closing') => {
  if (currency === 'USD') return 1;
  const m = months.indexOf(period) + 1;
  const base = currency === 'EUR' ? 1.08 : 1.27;
  return Number((base + 0.002 * Math.sin(m) + (kind === 'closing' ? 0.001 : 0)).toFixed(6));
};

console.log(
  `Creating a group of ${MEMBERS} members (${ACCOUNTS_PER_MEMBER} accounts, ${MONTHS} months each) on ${environment.database.kind}…`,
);
const seeding = performance.now();
const members: { id: string; name: string; currency: string }[] = [];
for (let index = 0; index < MEMBERS; index += 1) {
  const name = index === 0 ? 'Bench Holding' : `Bench Subsidiary ${String(index).padStart(3, '0')}`;
  const currency = index === 0 ? 'USD' : CURRENCIES[index % 3]!;
  const organization = await createOrganization(app, name, { baseCurrency: currency });
  members.push({ id: organization.id, name, currency });
}
const periods = months.map((period) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return [period, `${period}-01`, new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10), year, month];
});
for (const [index, member] of members.entries()) {
  const rows = booksOf(index, { parent: members[0]!.name });
  if (index === 0)
    rows.push(
      ...parentSide(
        members
          .slice(1)
          .map((m) => ({ name: m.name, rate: (period: string) => rateOf(m.currency, period, 'average') })),
      ),
    );
  await warehouse.loadTables(member.id, [
    {
      table: '00_Period',
      columns: ['Period', 'start_date', 'end_date', 'fiscal_year', 'fiscal_period'],
      rows: periods,
    },
    { table: '01_Account', columns: ['account_code', 'account_name', 'account_type', 'account_subtype'], rows: CHART },
    { table: '02_GL_Detail', columns: GL_COLUMNS, rows },
  ]);
}
await call('PUT', '/api/v1/exchange-rates', {
  rates: months.flatMap((period) =>
    ['EUR', 'GBP'].map((from) => ({
      period,
      from,
      to: 'USD',
      average: rateOf(from, period, 'average'),
      closing: rateOf(from, period, 'closing'),
    })),
  ),
});
const { group } = await call<{ group: ConsolidationGroup }>('POST', '/api/v1/consolidation-groups', {
  name: 'Bench group',
  reportingCurrency: 'USD',
  parentOrganizationId: members[0]!.id,
  members: members.map((member, index) => ({
    organizationId: member.id,
    ownershipPct: index % 4 === 1 ? 80 : 100,
    joinedPeriod: months[0],
  })),
  eliminationRules: [
    { name: 'Loans', accountA: '1300', accountB: '2300' },
    { name: 'Interest', accountA: '4100', accountB: '6100' },
    { name: 'Fees', accountA: '4200', accountB: '6200' },
    { name: 'Dividends', accountA: '4300', accountB: '3200' },
  ],
});
const currencies = members.map((member) => member.currency);
console.log(
  `Seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s: ${members.length} members ` +
    `(${CURRENCIES.map((c) => `${currencies.filter((x) => x === c).length} ${c}`).join(', ')}), ${members.length * CHART.length} accounts`,
);

const sheet = await call<ConsolidatedReport>(
  'GET',
  `/api/v1/consolidation-groups/${group.id}/reports/balance-sheet?from=${from12}&to=${last}`,
);
const check = sheet.sections[0]!.rows.find((row) => row.key === 'check')!.values.current;
console.log(
  `Consolidated balance sheet ${last}: assets ${sheet.totals.totalAssets}, equity ${sheet.totals.totalEquity}, ` +
    `NCI ${sheet.totals.nonControllingInterest}, translation adjustment ${sheet.totals.translationAdjustment}, ` +
    `check ${check}, unmatched pairs ${sheet.unmatched.length}`,
);

const path = (template: string) =>
  `/api/v1/consolidation-groups/${group.id}/reports/${template}?from=${from12}&to=${last}`;
const counts = { iterations: ITERATIONS, warmup: 2 };
const balance = await app.measureGet('Consolidated balance sheet (API)', () => path('balance-sheet'), counts);
const profit = await app.measureGet('Consolidated P&L (API)', () => path('profit-and-loss'), counts);
// Chat DB asks the group over all its months (no goal of its own; shown beside the statements).
const chat = await measure(
  'Chat DB of the group: "Net income by month this year"',
  async () => {
    await app.call('POST', '/api/v1/chat/ask', { groupId: group.id, question: 'Net income by month this year' });
  },
  counts,
);

// Baseline: the same members' own balance sheets through the API, summed, 8 at a time (as the group reads them).
const limiter = createLimiter(8);
const baseline = await measure(
  `Baseline: ${MEMBERS} members' balance sheets, summed`,
  async () => {
    const sheets = await Promise.all(
      members.map((member) =>
        limiter.run(() =>
          app.get<{ data: Report }>(`/api/v1/reports/${member.id}/balance-sheet?from=${from12}&to=${last}`),
        ),
      ),
    );
    sheets.reduce((sum, answer) => sum + answer.data.totals.totalAssets!, 0);
  },
  counts,
);
const slowest = Math.max(balance.p95, profit.p95);
console.log(
  `\nRatio against the baseline: balance sheet p50 ${(balance.p50 / baseline.p50).toFixed(2)}×, ` +
    `P&L p50 ${(profit.p50 / baseline.p50).toFixed(2)}×, Chat DB p50 ${(chat.p50 / baseline.p50).toFixed(2)}×`,
);
console.log(`Goal: p95 < ${GOAL_MS} ms — ${slowest < GOAL_MS ? 'met' : 'NOT met'} (${slowest.toFixed(0)} ms)`);
await app.close();
await environment.close();
