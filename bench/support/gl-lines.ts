/**
 * Bulk GL lines for benchmarks: balanced journals of 2–4 lines spread evenly over the given periods, in
 * posting order, generated one at a time so a million lines never sit in memory. Seeded: the same count
 * and periods always give the same lines.
 */
import { CANONICAL_COLUMNS } from '../../apps/server/src/warehouse/canonical-model.ts';
import type { WarehouseService } from '../../apps/server/src/warehouse/warehouse.service.ts';
import { DEPARTMENTS } from '../../demo/generate/company.ts';
import { monthsEndingBefore, periodRows, type Month } from '../../demo/generate/calendar.ts';
import { chartOfAccounts } from '../../demo/generate/chart-of-accounts.ts';
import { formatCents } from '../../demo/generate/money.ts';
import { createRandom } from '../../demo/generate/random.ts';
import { COLUMNS, type AccountRow } from '../../demo/generate/rows.ts';

/** The order of the values in every yielded line (02_GL_Detail's loadable columns). */
export const GL_LINE_COLUMNS = CANONICAL_COLUMNS['02_GL_Detail'];

const DESCRIPTIONS = [
  'Customer invoice',
  'Supplier bill',
  'Payroll accrual',
  'Bank transfer',
  'Depreciation',
  'Prepaid amortization',
  'Inventory receipt',
  'Customer payment',
  'Expense reimbursement',
  'Accrual reversal',
];
const COUNTERPARTIES = Array.from({ length: 400 }, (_, i) => `Counterparty ${String(i + 1).padStart(3, '0')}`);
const ENTITIES = ['HPC-US', 'HPC-CA'];
const SOURCES = ['manual', 'quickbooks', 'upload'];

export function* glLines(count: number, months: readonly Month[], accounts: readonly AccountRow[]) {
  const random = createRandom(4_2024);
  const parents = new Set(accounts.map((account) => account.parent_code));
  const postable = accounts.filter((account) => !parents.has(account.account_code)).map((a) => a.account_code);
  let produced = 0;
  let journal = 0;
  for (const [index, month] of months.entries()) {
    const target = Math.round((count * (index + 1)) / months.length);
    while (produced < target) {
      journal += 1;
      const lines = Math.min(random.int(2, 4), Math.max(1, target - produced));
      const day = random.pick(month.businessDays);
      const postingDate = `${month.period}-${String(day).padStart(2, '0')}`;
      const description = `${random.pick(DESCRIPTIONS)} ${journal}`;
      const entity = random.pick(ENTITIES);
      const source = random.pick(SOURCES);
      const counterparty = random.chance(0.7) ? random.pick(COUNTERPARTIES) : null;
      const journalId = `JE-${String(journal).padStart(7, '0')}`;
      // Debits on every line but the last, which credits their sum: each journal balances.
      let sum = 0;
      for (let line = 1; line <= lines; line++) {
        const last = line === lines && lines > 1;
        let amount = last ? sum : random.int(100, 5_000_000);
        // A journal cut to one line by the period's count carries nothing, so it balances too.
        if (lines === 1) amount = 0;
        sum += last ? 0 : amount;
        yield [
          journalId,
          line,
          postingDate,
          month.period,
          random.pick(postable),
          description,
          last ? '0.00' : formatCents(amount),
          last ? formatCents(amount) : '0.00',
          entity,
          random.chance(0.8) ? random.pick(DEPARTMENTS) : null,
          counterparty,
          source,
          `REF-${journal}`,
        ];
        produced += 1;
      }
    }
  }
}

/** Loads the periods (24 months to the last full one) and the demo chart of accounts GL lines post to. */
export async function loadLedgerReference(warehouse: WarehouseService, organizationId: string) {
  const months = monthsEndingBefore(new Date(), 24);
  const accounts = chartOfAccounts();
  const asArrays = <T extends object>(rows: readonly T[], columns: readonly string[]) =>
    rows.map((row) => columns.map((column) => (row as Record<string, unknown>)[column]));
  await warehouse.copyRows(
    organizationId,
    '00_Period',
    COLUMNS['00_Period'],
    asArrays(periodRows(months), COLUMNS['00_Period']),
  );
  await warehouse.copyRows(
    organizationId,
    '01_Account',
    COLUMNS['01_Account'],
    asArrays(accounts, COLUMNS['01_Account']),
  );
  return { months, accounts };
}
